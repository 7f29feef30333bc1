/** deploy/k8s, as a whole: the base and each rendered overlay against what the apps need. */
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { QUEUES } from '@inbox/contracts';
import type { App } from './support/apps';
import { clone, K8S_DIR, kustomizeCommand, loadYaml, parseYaml, rel, run, yamlFiles } from './support/files';
import type { K8sObject } from './support/kubernetes-schema';
import { kubernetesProblems } from './support/kubernetes-schema';
import { containersOf, isKustomization, resourcesOf } from './support/kustomize';
import { workloadProblems } from './support/workloads';

/** The base runs no simulator (production talks to Meta); overlays/dev adds it. */
const BASE_APPS: App[] = [
  'gateway',
  'directory',
  'inbox',
  'templates',
  'campaigns',
  'campaigns-worker',
  'analytics',
];
const OVERLAY_APPS: Record<string, App[]> = { dev: [...BASE_APPS, 'whatsapp-sim'] };

const baseObjects = () => resourcesOf(path.join(K8S_DIR, 'base/kustomization.yaml'));
const find = <T>(objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === name) as T;
const containerOf = (objects: K8sObject[], name: string): IContainer =>
  find<IDeployment>(objects, 'Deployment', name).spec!.template.spec!.containers[0];
const withoutEnv = (c: IContainer, name: string) => (c.env = c.env!.filter((e) => e.name !== name));

describe('deploy/k8s workloads', () => {
  it('base: probes, resources, config and secret references, volumes, Services, addresses', () => {
    expect(workloadProblems(baseObjects(), BASE_APPS)).toEqual([]);
  });

  it('reports a missing probe, an absent ConfigMap key, an unknown secret and a wrong port', () => {
    const objects = clone(baseObjects());
    const container = containerOf(objects, 'gateway');
    delete container.livenessProbe;
    container.ports![0].name = 'web';
    container.readinessProbe!.httpGet!.port = 'htp';
    container.env!.find((e) => e.name === 'LOG_LEVEL')!.valueFrom!.configMapKeyRef!.key = 'LOGLEVEL';
    container.env!.find((e) => e.name === 'AMQP_URL')!.valueFrom!.secretKeyRef!.key = 'RABBIT_URL';
    withoutEnv(container, 'JWT_PUBLIC_KEY');
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining([
        'gateway: container gateway: no livenessProbe',
        'gateway: container gateway: readinessProbe uses port htp, which it does not declare',
        'gateway: container gateway: LOG_LEVEL reads ConfigMap inbox-config key LOGLEVEL, which is absent',
        'gateway: container gateway: AMQP_URL reads inbox-secrets/RABBIT_URL, not in secret.example.yaml',
        'gateway: environment lacks JWT_PUBLIC_KEY',
        'Service gateway: targetPort http is no container port',
      ]),
    );
  });

  it('reports a gateway readiness probe on /api/v1/ready: a dependency down would empty the Service', () => {
    const objects = clone(baseObjects());
    containerOf(objects, 'gateway').readinessProbe!.httpGet!.path = '/api/v1/ready';
    expect(workloadProblems(objects, BASE_APPS)).toEqual(['gateway: readinessProbe must GET /api/v1/health']);
  });

  it('reports the inbox without its encryption key, its media volume or its liveness service', () => {
    const objects = clone(baseObjects());
    const inbox = containerOf(objects, 'inbox');
    withoutEnv(inbox, 'INBOX_ENCRYPTION_KEY');
    inbox.volumeMounts = inbox.volumeMounts!.filter((m) => m.name !== 'media');
    delete inbox.livenessProbe!.grpc!.service;
    delete containerOf(objects, 'directory').livenessProbe!.grpc!.service;
    containerOf(objects, 'directory').readinessProbe = { httpGet: { path: '/', port: 'grpc' } };
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'inbox: environment lacks INBOX_ENCRYPTION_KEY',
        'inbox: MEDIA_DIR=/app/data/media is on no mounted volume',
        'inbox: livenessProbe must be the gRPC health check of service "liveness"',
        'directory: livenessProbe must be the gRPC health check of service "liveness"',
        'directory: readinessProbe must be the gRPC health check of service ""',
      ].sort(),
    );
  });

  it('reports a media volume that is no claim, or a claim it cannot share', () => {
    const emptyDir = clone(baseObjects());
    const pod = find<IDeployment>(emptyDir, 'Deployment', 'inbox').spec!.template.spec!;
    pod.volumes!.find((v) => v.name === 'media')!.persistentVolumeClaim = undefined;
    pod.volumes!.find((v) => v.name === 'media')!.emptyDir = {};
    expect(workloadProblems(emptyDir, BASE_APPS)).toEqual([
      'inbox: MEDIA_DIR=/app/data/media is on volume media, which is no PersistentVolumeClaim',
    ]);
    const shared = clone(baseObjects());
    const deployment = find<IDeployment>(shared, 'Deployment', 'inbox');
    deployment.spec!.replicas = 2;
    delete deployment.spec!.strategy;
    delete deployment.spec!.template.spec!.securityContext!.fsGroup;
    const withoutClaim = shared.filter((o) => o.kind !== 'PersistentVolumeClaim');
    expect(workloadProblems(shared, BASE_APPS).sort()).toEqual(
      [
        'inbox: mounts a PersistentVolumeClaim without a pod fsGroup: the non-root user may not write to it',
        'inbox: 2 replicas share the ReadWriteOnce claim inbox-media',
        'inbox: a rolling update cannot move the ReadWriteOnce claim inbox-media; use Recreate',
      ].sort(),
    );
    expect(workloadProblems(withoutClaim, BASE_APPS)).toContain(
      'inbox: MEDIA_DIR=/app/data/media is on PersistentVolumeClaim inbox-media, which is not defined',
    );
  });

  it("reports the gateway's inbox addresses reaching the wrong port, and secrets written in place", () => {
    const objects = clone(baseObjects());
    const config = find<IConfigMap>(objects, 'ConfigMap', 'inbox-config');
    config.data!.INBOX_HTTP_URL = 'http://inbox:50052';
    config.data!.INBOX_GRPC_ADDR = 'inbox:50053';
    const inbox = containerOf(objects, 'inbox');
    inbox.env!.find((e) => e.name === 'INBOX_ENCRYPTION_KEY')!.valueFrom = undefined;
    inbox.env!.find((e) => e.name === 'INBOX_ENCRYPTION_KEY')!.value = '00'.repeat(32);
    inbox.env!.find((e) => e.name === 'GRPC_PORT')!.value = '50051';
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway: INBOX_HTTP_URL=http://inbox:50052 reaches inbox port grpc, not inbox port http',
        'gateway: INBOX_GRPC_ADDR=inbox:50053 reaches nothing (Service inbox has no port 50053)',
        'templates: INBOX_GRPC_ADDR=inbox:50053 reaches nothing (Service inbox has no port 50053)',
        'campaigns: INBOX_GRPC_ADDR=inbox:50053 reaches nothing (Service inbox has no port 50053)',
        'campaigns-worker: INBOX_GRPC_ADDR=inbox:50053 reaches nothing (Service inbox has no port 50053)',
        'inbox: container inbox: INBOX_ENCRYPTION_KEY is secret but written here',
        'inbox: no container port grpc on GRPC_PORT (50051)',
      ].sort(),
    );
  });

  it('reports the templates service unreachable from the gateway, or its header media not kept', () => {
    const objects = clone(baseObjects());
    const config = find<IConfigMap>(objects, 'ConfigMap', 'inbox-config');
    config.data!.TEMPLATES_HTTP_URL = 'http://templates:50053';
    delete config.data!.TEMPLATES_GRPC_ADDR;
    const templates = containerOf(objects, 'templates');
    templates.volumeMounts = templates.volumeMounts!.filter((m) => m.name !== 'media');
    withoutEnv(templates, 'PUBLIC_URL');
    withoutEnv(templates, 'TEMPLATES_DATABASE_URL');
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway: container gateway: TEMPLATES_GRPC_ADDR reads ConfigMap inbox-config key TEMPLATES_GRPC_ADDR, which is absent',
        'campaigns: container campaigns: TEMPLATES_GRPC_ADDR reads ConfigMap inbox-config key TEMPLATES_GRPC_ADDR, which is absent',
        'campaigns-worker: container campaigns-worker: TEMPLATES_GRPC_ADDR reads ConfigMap inbox-config key TEMPLATES_GRPC_ADDR, which is absent',
        'gateway: TEMPLATES_HTTP_URL=http://templates:50053 reaches templates port grpc, not templates port http',
        'templates: environment lacks TEMPLATES_DATABASE_URL or DATABASE_URL',
        'templates: environment lacks PUBLIC_URL',
        'templates: MEDIA_DIR=/app/data/template-media is on no mounted volume',
      ].sort(),
    );
  });

  it('reports the campaigns API unreachable from the gateway, and a worker that is not one', () => {
    const objects = clone(baseObjects());
    const config = find<IConfigMap>(objects, 'ConfigMap', 'inbox-config');
    config.data!.CAMPAIGNS_HTTP_URL = 'http://campaigns:50054';
    const worker = containerOf(objects, 'campaigns-worker');
    worker.args = ['services/campaigns/dist/main.js'];
    worker.env!.find((e) => e.name === 'CAMPAIGNS_MODE')!.value = 'api';
    withoutEnv(worker, 'REDIS_URL');
    worker.env!.find((e) => e.name === 'CAMPAIGNS_DATABASE_URL')!.valueFrom!.secretKeyRef!.key =
      'TEMPLATES_DATABASE_URL';
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway: CAMPAIGNS_HTTP_URL=http://campaigns:50054 reaches campaigns port grpc, not campaigns port http',
        'campaigns-worker: runs services/campaigns/dist/main.js with [], not [worker]',
        'campaigns-worker: CAMPAIGNS_MODE=api does not match /^worker$/',
        'campaigns-worker: environment lacks REDIS_URL',
        "the campaigns service's database differs: campaigns CAMPAIGNS_DATABASE_URL, campaigns-worker CAMPAIGNS_DATABASE_URL",
      ].sort(),
    );
  });

  describe("the campaign workers' KEDA autoscaler (components/campaigns-worker-keda)", () => {
    const component = path.join(K8S_DIR, 'components/campaigns-worker-keda/kustomization.yaml');
    const withScaler = () => [...baseObjects(), ...resourcesOf(component)];
    const scaler = (objects: K8sObject[]) =>
      find<K8sObject & { spec: Record<string, any> }>(objects, 'ScaledObject', 'campaigns-worker').spec;

    it('scales the worker Deployment on the send queue, through the management API', () => {
      expect(workloadProblems(withScaler(), BASE_APPS)).toEqual([]);
      expect(scaler(withScaler()).triggers[0].metadata).toMatchObject({ queueName: QUEUES.campaignsSend });
    });

    it('reports a wrong queue, an AMQP count, no worker left, a missing credential and fixed replicas', () => {
      const objects = clone(withScaler());
      const spec = scaler(objects);
      Object.assign(spec.triggers[0].metadata, { queueName: 'campaigns.sends', protocol: 'amqp' });
      spec.minReplicaCount = 0;
      find<K8sObject & { spec: any }>(
        objects,
        'TriggerAuthentication',
        'campaigns-worker-rabbitmq',
      ).spec.secretTargetRef[0].key = 'RABBITMQ_URL';
      find<IDeployment>(objects, 'Deployment', 'campaigns-worker').spec!.replicas = 2;
      expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
        [
          'ScaledObject campaigns-worker: queueName campaigns.sends is not campaigns.send',
          'ScaledObject campaigns-worker: protocol must be http: over AMQP the jobs workers hold unacknowledged do not count',
          'ScaledObject campaigns-worker: minReplicaCount must be 1 or more: a worker sweeps unknown outcomes',
          'ScaledObject campaigns-worker: TriggerAuthentication campaigns-worker-rabbitmq reads inbox-secrets/RABBITMQ_URL, not in secret.example.yaml',
          "ScaledObject campaigns-worker: campaigns-worker fixes replicas (2): each apply would reset the autoscaler's count",
        ].sort(),
      );
      spec.scaleTargetRef.name = 'campaigns';
      expect(workloadProblems(objects, BASE_APPS)).toContain(
        'ScaledObject campaigns-worker: campaigns is not scaled on a queue',
      );
    });

    it('reports misspelt and mistyped KEDA fields', async () => {
      const objects = clone(withScaler());
      const spec = scaler(objects);
      spec.maxReplicas = spec.maxReplicaCount;
      delete spec.maxReplicaCount;
      spec.triggers[0].metadata.value = 20;
      delete spec.scaleTargetRef.name;
      const problems = (await Promise.all(objects.map((o) => kubernetesProblems(o)))).flat();
      expect(problems.sort()).toEqual(
        [
          '/spec/maxReplicas is not a field of the schema',
          '/spec/triggers/0/metadata/value must be string',
          "/spec/scaleTargetRef must have required property 'name'",
        ].sort(),
      );
    });
  });

  it('keeps the simulator out of the base, and a Deployment nobody asked for', () => {
    const sim = loadYaml(path.join(K8S_DIR, 'overlays/dev/whatsapp-sim.yaml')) as K8sObject[];
    const workers = clone(find<K8sObject>(baseObjects(), 'Deployment', 'inbox'));
    workers.metadata!.name = 'campaign-workers';
    expect(workloadProblems([...baseObjects(), ...sim, workers], BASE_APPS)).toEqual([
      'Deployment whatsapp-sim is not expected here',
      'Deployment campaign-workers is not expected here',
    ]);
  });

  const overlays = yamlFiles(K8S_DIR)
    .filter((f) => isKustomization(f) && f.includes(`${path.sep}overlays${path.sep}`))
    .map(rel);
  (kustomizeCommand ? it.each(overlays) : it.skip.each(overlays))(
    '%s renders with kustomize into valid objects',
    async (file) => {
      const [command, args] = kustomizeCommand!;
      const rendered = await run(command, [...args, path.dirname(file)]);
      expect(rendered).toMatchObject({ code: 0, stderr: '' });
      const objects = parseYaml(rendered.stdout) as K8sObject[];
      expect((await Promise.all(objects.map((o) => kubernetesProblems(o)))).flat()).toEqual([]);
      const apps = OVERLAY_APPS[path.basename(path.dirname(file))] ?? BASE_APPS;
      expect(workloadProblems(objects, apps)).toEqual([]);
      expect(objects.every((o) => o.metadata && 'namespace' in o.metadata)).toBe(true);
      expect(objects.flatMap(containersOf).map((c) => c.image)).not.toContain('open-inbox');
    },
  );

  (kustomizeCommand ? it : it.skip)(
    'the dev overlay points the inbox at the simulator, sharing its channel',
    async () => {
      const [command, args] = kustomizeCommand!;
      const objects = parseYaml(
        (await run(command, [...args, 'deploy/k8s/overlays/dev'])).stdout,
      ) as K8sObject[];
      const broken = clone(objects);
      find<IConfigMap>(broken, 'ConfigMap', 'inbox-config').data!.WHATSAPP_API_BASE_URL =
        'http://whatsapp-sim';
      containerOf(broken, 'whatsapp-sim').env!.find(
        (e) => e.name === 'SIM_ACCESS_TOKEN',
      )!.valueFrom!.secretKeyRef!.key = 'SIM_ACCESS_TOKEN';
      expect(workloadProblems(broken, OVERLAY_APPS.dev).sort()).toEqual(
        [
          'whatsapp-sim: container whatsapp-sim: SIM_ACCESS_TOKEN reads inbox-secrets/SIM_ACCESS_TOKEN, not in secret.example.yaml',
          'inbox: WHATSAPP_API_BASE_URL=http://whatsapp-sim reaches nothing (Service whatsapp-sim has no port 80)',
          'the channel access token differs: inbox WHATSAPP_ACCESS_TOKEN, whatsapp-sim SIM_ACCESS_TOKEN',
        ].sort(),
      );
    },
  );
});
