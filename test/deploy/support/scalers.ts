/**
 * KEDA ScaledObjects against the workloads they scale: the campaign workers on their send queue,
 * read in a way that sees the jobs they hold, with credentials that exist, and never a replica
 * count that a later apply would reset under the autoscaler.
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { QUEUES } from '@inbox/contracts';
import { loadYaml, SECRET_EXAMPLE } from './files';
import type { K8sObject } from './kubernetes-schema';
import { containersOf } from './kustomize';

const secretKeys = () =>
  Object.keys((loadYaml(SECRET_EXAMPLE)[0] as { stringData: Record<string, string> }).stringData);

interface Trigger {
  type?: string;
  metadata?: Record<string, string>;
  authenticationRef?: { name?: string; kind?: string };
}
interface ScaledObject extends K8sObject {
  spec?: {
    scaleTargetRef?: { name?: string; kind?: string };
    minReplicaCount?: number;
    maxReplicaCount?: number;
    triggers?: Trigger[];
  };
}
interface TriggerAuthentication extends K8sObject {
  spec?: { secretTargetRef?: { parameter?: string; name?: string; key?: string }[] };
}

/** Which Deployment scales on which queue. */
const SCALED: Record<string, string> = { 'campaigns-worker': QUEUES.campaignsSend };

function triggerProblems(
  trigger: Trigger,
  target: string,
  auths: TriggerAuthentication[],
  deployment: IDeployment,
) {
  const problems: string[] = [];
  const meta = trigger.metadata ?? {};
  if (trigger.type !== 'rabbitmq') return [`trigger ${trigger.type} is not rabbitmq`];
  if (meta.queueName !== SCALED[target])
    problems.push(`queueName ${meta.queueName} is not ${SCALED[target]}`);
  if (meta.protocol !== 'http') {
    problems.push('protocol must be http: over AMQP the jobs workers hold unacknowledged do not count');
  }
  if (meta.mode !== 'QueueLength' || !/^[1-9]\d*$/.test(meta.value ?? '')) {
    problems.push('mode QueueLength with a whole number of jobs per replica as value');
  }
  if (meta.hostFromEnv) {
    const env = containersOf(deployment).flatMap((c) => (c.env ?? []).map((e) => e.name));
    if (!env.includes(meta.hostFromEnv))
      problems.push(`hostFromEnv ${meta.hostFromEnv} is not in ${target}'s environment`);
    return problems;
  }
  const auth = auths.find((a) => a.metadata?.name === trigger.authenticationRef?.name);
  if (!auth)
    return [
      ...problems,
      `authenticationRef ${trigger.authenticationRef?.name} names no TriggerAuthentication`,
    ];
  const host = auth.spec?.secretTargetRef?.find((ref) => ref.parameter === 'host');
  if (!host) problems.push(`TriggerAuthentication ${auth.metadata?.name} gives no host`);
  else if (host.name !== 'inbox-secrets' || !secretKeys().includes(host.key ?? '')) {
    problems.push(
      `TriggerAuthentication ${auth.metadata?.name} reads ${host.name}/${host.key}, not in secret.example.yaml`,
    );
  }
  return problems;
}

/** Every ScaledObject of the set, checked against its target and its credentials. */
export function scalerProblems(objects: K8sObject[]): string[] {
  const deployments = objects.filter((o) => o.kind === 'Deployment') as IDeployment[];
  const auths = objects.filter((o) => o.kind === 'TriggerAuthentication') as TriggerAuthentication[];
  return (objects.filter((o) => o.kind === 'ScaledObject') as ScaledObject[]).flatMap((scaler) => {
    const name = `ScaledObject ${scaler.metadata?.name}`;
    const target = scaler.spec?.scaleTargetRef?.name ?? '';
    const deployment = deployments.find((d) => d.metadata?.name === target);
    if (!deployment || (scaler.spec?.scaleTargetRef?.kind ?? 'Deployment') !== 'Deployment') {
      return [`${name}: scales ${target}, which is no Deployment here`];
    }
    if (!SCALED[target]) return [`${name}: ${target} is not scaled on a queue`];
    const problems: string[] = [];
    const { minReplicaCount = 0, maxReplicaCount = 100 } = scaler.spec ?? {};
    if (minReplicaCount < 1)
      problems.push('minReplicaCount must be 1 or more: a worker sweeps unknown outcomes');
    if (maxReplicaCount < minReplicaCount) problems.push('maxReplicaCount is below minReplicaCount');
    if (deployment.spec?.replicas !== undefined) {
      problems.push(
        `${target} fixes replicas (${deployment.spec.replicas}): each apply would reset the autoscaler's count`,
      );
    }
    const triggers = scaler.spec?.triggers ?? [];
    if (triggers.length === 0) problems.push('no trigger');
    for (const trigger of triggers) problems.push(...triggerProblems(trigger, target, auths, deployment));
    return problems.map((p) => `${name}: ${p}`);
  });
}
