/** Network policies, identities and secrets (support/network.ts, identity.ts, secret-files.ts), each shown to catch what it is for. */
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import {
  BASE_APPS,
  configName,
  containerOf,
  deployment,
  dev,
  DEV_APPS,
  envEntry,
  production,
  without,
} from './support/fixtures';
import { named, ofKind } from './support/k8s-objects';
import type { K8sObject } from './support/kubernetes-schema';
import { allows, expectedPaths, INGRESS_CONTROLLER, OUTSIDE } from './support/network';
import { workloadProblems } from './support/workloads';

const policy = (objects: K8sObject[], name: string) => named<INetworkPolicy>(objects, 'NetworkPolicy', name)!;

describe('network policies', () => {
  it('open exactly the paths the code calls, in dev with the simulator too', () => {
    expect(expectedPaths(DEV_APPS)).toEqual(
      new Set([
        'gateway → directory:grpc',
        'gateway → inbox:grpc',
        'gateway → inbox:http',
        'gateway → templates:grpc',
        'gateway → templates:http',
        'gateway → campaigns:grpc',
        'gateway → campaigns:http',
        'gateway → analytics:grpc',
        'inbox → directory:grpc',
        'inbox → whatsapp-sim:http',
        'templates → inbox:grpc',
        'templates → whatsapp-sim:http',
        'campaigns → inbox:grpc',
        'campaigns → templates:grpc',
        'campaigns → whatsapp-sim:http',
        'campaigns-worker → inbox:grpc',
        'campaigns-worker → templates:grpc',
        'campaigns-worker → whatsapp-sim:http',
        'whatsapp-sim → gateway:http',
      ]),
    );
    expect(workloadProblems(dev(), DEV_APPS)).toEqual([]);
  });

  it('reports a path the code uses that is blocked, and one it never uses that is open', () => {
    const objects = production();
    const gateway = policy(objects, 'gateway');
    gateway.spec!.egress = gateway.spec!.egress!.filter(
      (r) => r.to?.[0].podSelector?.matchLabels?.['app.kubernetes.io/name'] !== 'analytics',
    );
    policy(objects, 'directory').spec!.ingress![0].from!.push({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'campaigns' } },
    });
    policy(objects, 'campaigns').spec!.egress!.push({
      to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'directory' } } }],
    });
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway → analytics:grpc is blocked, but gateway calls it',
        'campaigns → directory:grpc is open, but campaigns never calls it',
      ].sort(),
    );
  });

  it('reports a missing default deny, an open door, no DNS, and servers outside that do not match', () => {
    const noDefault = production().filter(
      (o) => !(o.kind === 'NetworkPolicy' && o.metadata?.name === 'default-deny'),
    );
    expect(workloadProblems(noDefault, BASE_APPS)).toEqual([
      'no default-deny NetworkPolicy (podSelector {}, Ingress and Egress, no rule)',
    ]);
    const objects = without(production(), 'NetworkPolicy', 'dns');
    policy(objects, 'analytics').spec!.ingress![0].from = undefined;
    policy(objects, 'analytics').spec!.egress![0].ports!.push({ port: 443 });
    policy(objects, 'directory').spec!.egress![0].ports = policy(
      objects,
      'directory',
    ).spec!.egress![0].ports!.filter((p) => p.port !== 5432);
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining([
        'a pod of any namespace reaches analytics:grpc',
        'Prometheus reaches analytics:grpc',
        'the ingress controller reaches analytics:grpc',
        'gateway cannot resolve names (DNS)',
        'analytics reaches https (port 443) outside',
        'directory cannot reach postgresql (port 5432) outside',
      ]),
    );
  });

  it('lets the ingress controller reach the gateway, and Prometheus the metrics ports only', () => {
    const objects = production();
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    const pod = (name: string) => ({
      namespace: 'inbox',
      labels: deployment(objects, name).spec!.template.metadata!.labels!,
      ports: { http: 8080, metrics: 9464 },
    });
    expect(allows(policies, INGRESS_CONTROLLER, pod('gateway'), { port: 8080 })).toBe(true);
    expect(allows(policies, OUTSIDE, pod('gateway'), { port: 8080 })).toBe(false);
    policy(objects, 'prometheus').spec!.ingress![0].ports = undefined;
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining(['Prometheus reaches gateway:http', 'Prometheus reaches directory:grpc']),
    );
  });
});

describe('identities and the security context', () => {
  it('one ServiceAccount per workload, with no API token', () => {
    const objects = production();
    named<IServiceAccount>(objects, 'ServiceAccount', 'inbox')!.automountServiceAccountToken = true;
    deployment(objects, 'templates').spec!.template.spec!.serviceAccountName = 'inbox';
    delete deployment(objects, 'analytics').spec!.template.spec!.serviceAccountName;
    delete deployment(objects, 'directory').spec!.template.spec!.automountServiceAccountToken;
    expect(workloadProblems(without(objects, 'ServiceAccount', 'campaigns'), BASE_APPS).sort()).toEqual(
      [
        'ServiceAccount inbox: automountServiceAccountToken must be false',
        'ServiceAccount inbox: automountServiceAccountToken must be false',
        'ServiceAccount inbox is shared by inbox, templates: one per workload',
        "Deployment analytics: runs as the namespace's default ServiceAccount",
        'Deployment directory: automountServiceAccountToken must be false: no process calls the Kubernetes API',
        'Deployment campaigns: ServiceAccount campaigns is not defined here',
      ].sort(),
    );
  });

  it('non-root, a read-only root, nothing to escalate to', () => {
    const objects = production();
    delete deployment(objects, 'gateway').spec!.template.spec!.securityContext!.runAsNonRoot;
    const inbox = containerOf(objects, 'inbox');
    inbox.securityContext!.readOnlyRootFilesystem = false;
    inbox.securityContext!.capabilities = { drop: ['NET_RAW'], add: ['NET_ADMIN'] };
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'Deployment gateway: the pod must set runAsNonRoot',
        'Deployment inbox: container inbox: readOnlyRootFilesystem must be true',
        'Deployment inbox: container inbox: capabilities must drop ALL',
        'Deployment inbox: container inbox: adds capabilities',
      ].sort(),
    );
  });
});

describe('secrets as files, settings from generated ConfigMaps', () => {
  it('reports a secret in the environment, a file of another Secret, and no env-from-files preload', () => {
    const objects = production();
    const gateway = containerOf(objects, 'gateway');
    gateway.env!.push({
      name: 'PLATFORM_TOKEN',
      valueFrom: { secretKeyRef: { name: 'gateway-secrets', key: 'PLATFORM_TOKEN' } },
    });
    envEntry(gateway, 'NODE_OPTIONS').value = '--require @inbox/platform/dist/tracing/register.js';
    envEntry(containerOf(objects, 'analytics'), 'REDIS_URL_FILE').value = '/tmp/REDIS_URL';
    deployment(objects, 'templates').spec!.template.spec!.volumes!.find(
      (v) => v.name === 'secrets',
    )!.secret!.secretName = 'inbox-secrets';
    deployment(objects, 'directory').spec!.template.spec!.volumes!.find(
      (v) => v.name === 'secrets',
    )!.secret!.defaultMode = 0o644;
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining([
        'Deployment gateway: container gateway: PLATFORM_TOKEN reads Secret gateway-secrets into the environment; mount it as files',
        'Deployment gateway: container gateway: reads *_FILE but deploy/docker/env-from-files.js is not preloaded',
        'Deployment analytics: container analytics: REDIS_URL_FILE=/tmp/REDIS_URL is in no mounted Secret',
        'Secret inbox-secrets is mounted by inbox, templates: one Secret per service',
        'Deployment directory: Secret volume secrets is readable by every user (mode 0644)',
      ]),
    );
  });

  it('reports a ConfigMap that is not generated (a change would not roll the pods) or read by nobody', () => {
    const objects = production();
    const name = configName(objects);
    for (const o of objects) {
      const text = JSON.stringify(o).replaceAll(`"${name}"`, '"inbox-config"');
      Object.assign(o, JSON.parse(text));
    }
    objects.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'unused-b7k2m9f4h6' },
      data: {},
    } as IConfigMap & K8sObject);
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'ConfigMap inbox-config is not generated: a change to it would not roll the pods',
        'ConfigMap unused-b7k2m9f4h6 is read by no workload',
      ].sort(),
    );
  });
});
