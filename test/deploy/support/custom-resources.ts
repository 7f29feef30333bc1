/**
 * Custom resources against the fields of their CRDs that this project may use: KEDA 2.10+
 * (ScaledObject, TriggerAuthentication), the Prometheus Operator (ServiceMonitor) and
 * external-secrets.io 0.16+ (ExternalSecret). kubernetes-models has no models for them, and the
 * API server would drop a misspelt field (or refuse a number where a string is wanted) only at apply.
 */
import type { K8sObject } from './kubernetes-schema';

/** A field's shape: a scalar type, an object of fields (`?` suffix: optional), a list, or a map of strings. */
type Shape = 'string' | 'integer' | 'boolean' | 'any' | 'stringMap' | { [field: string]: Shape } | [Shape];

const hpaRules: Shape = {
  'stabilizationWindowSeconds?': 'integer',
  'selectPolicy?': 'string',
  'policies?': [{ type: 'string', value: 'integer', periodSeconds: 'integer' }],
};

const relabeling: Shape = {
  'sourceLabels?': ['string'],
  'separator?': 'string',
  'targetLabel?': 'string',
  'regex?': 'string',
  'modulus?': 'integer',
  'replacement?': 'string',
  'action?': 'string',
};

const metadata: Shape = {
  name: 'string',
  'namespace?': 'string',
  'labels?': 'stringMap',
  'annotations?': 'stringMap',
};

const SHAPES: Record<string, Shape> = {
  ScaledObject: {
    apiVersion: 'string',
    kind: 'string',
    metadata,
    spec: {
      scaleTargetRef: {
        name: 'string',
        'apiVersion?': 'string',
        'kind?': 'string',
        'envSourceContainerName?': 'string',
      },
      'pollingInterval?': 'integer',
      'cooldownPeriod?': 'integer',
      'initialCooldownPeriod?': 'integer',
      'idleReplicaCount?': 'integer',
      'minReplicaCount?': 'integer',
      'maxReplicaCount?': 'integer',
      'fallback?': { failureThreshold: 'integer', replicas: 'integer' },
      'advanced?': {
        'restoreToOriginalReplicaCount?': 'boolean',
        'horizontalPodAutoscalerConfig?': {
          'name?': 'string',
          'behavior?': { 'scaleUp?': hpaRules, 'scaleDown?': hpaRules },
        },
      },
      triggers: [
        {
          type: 'string',
          'name?': 'string',
          metadata: 'stringMap',
          'metricType?': 'string',
          'useCachedMetrics?': 'boolean',
          'authenticationRef?': { name: 'string', 'kind?': 'string' },
        },
      ],
    },
  },
  TriggerAuthentication: {
    apiVersion: 'string',
    kind: 'string',
    metadata,
    spec: {
      'secretTargetRef?': [{ parameter: 'string', name: 'string', key: 'string' }],
      'env?': [{ parameter: 'string', name: 'string', 'containerName?': 'string' }],
    },
  },
  ServiceMonitor: {
    apiVersion: 'string',
    kind: 'string',
    metadata,
    spec: {
      selector: { 'matchLabels?': 'stringMap', 'matchExpressions?': 'any' },
      'namespaceSelector?': { 'any?': 'boolean', 'matchNames?': ['string'] },
      'jobLabel?': 'string',
      'podTargetLabels?': ['string'],
      'targetLabels?': ['string'],
      endpoints: [
        {
          'port?': 'string',
          'targetPort?': 'any',
          'path?': 'string',
          'scheme?': 'string',
          'interval?': 'string',
          'scrapeTimeout?': 'string',
          'honorLabels?': 'boolean',
          'relabelings?': [relabeling],
          'metricRelabelings?': [relabeling],
        },
      ],
    },
  },
  ExternalSecret: {
    apiVersion: 'string',
    kind: 'string',
    metadata,
    spec: {
      'refreshInterval?': 'string',
      secretStoreRef: { name: 'string', 'kind?': 'string' },
      target: {
        'name?': 'string',
        'creationPolicy?': 'string',
        'deletionPolicy?': 'string',
        'template?': 'any',
      },
      'data?': [
        {
          secretKey: 'string',
          remoteRef: {
            key: 'string',
            'property?': 'string',
            'version?': 'string',
            'decodingStrategy?': 'string',
          },
        },
      ],
      'dataFrom?': [
        { 'extract?': { key: 'string', 'property?': 'string', 'version?': 'string' }, 'find?': 'any' },
      ],
    },
  },
};

/** The API versions whose kinds are checked here. */
const API_VERSIONS: Record<string, string> = {
  ScaledObject: 'keda.sh/v1alpha1',
  TriggerAuthentication: 'keda.sh/v1alpha1',
  ServiceMonitor: 'monitoring.coreos.com/v1',
  ExternalSecret: 'external-secrets.io/v1',
};

function check(value: unknown, shape: Shape, at: string, partial: boolean): string[] {
  if (shape === 'any') return [];
  if (shape === 'string' || shape === 'boolean')
    return typeof value === shape ? [] : [`${at || '/'} must be ${shape}`];
  if (shape === 'integer') return Number.isInteger(value) ? [] : [`${at} must be integer`];
  if (shape === 'stringMap') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at} must be object`];
    return Object.entries(value)
      .filter(([, v]) => typeof v !== 'string')
      .map(([k]) => `${at}/${k} must be string`);
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${at} must be array`];
    return value.flatMap((item, i) => check(item, shape[0], `${at}/${i}`, partial));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${at || '/'} must be object`];
  const fields = new Map(
    Object.entries(shape).map(([key, s]) => [key.replace(/\?$/, ''), { s, optional: key.endsWith('?') }]),
  );
  const problems: string[] = [];
  for (const [key, { optional }] of fields) {
    if (!optional && !partial && !(key in value))
      problems.push(`${at || '/'} must have required property '${key}'`);
  }
  for (const [key, child] of Object.entries(value)) {
    const field = fields.get(key);
    if (!field) problems.push(`${at}/${key} is not a field of the schema`);
    else problems.push(...check(child, field.s, `${at}/${key}`, partial));
  }
  return problems;
}

export const isCustomResource = (obj: K8sObject) =>
  Object.values(API_VERSIONS).includes(obj.apiVersion ?? '');

/** Schema problems of a custom resource, worded like kubernetesProblems'. */
export function customResourceProblems(obj: K8sObject, { partial = false } = {}): string[] {
  const shape = SHAPES[obj.kind ?? ''];
  if (!shape || API_VERSIONS[obj.kind ?? ''] !== obj.apiVersion)
    return [`no schema here for apiVersion ${obj.apiVersion}, kind ${obj.kind}`];
  return check(obj, shape, '', partial);
}
