/** deploy/k8s rendered: each workload against what its app needs (command, environment, ports, probes, volumes, addresses). */
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { QUEUES } from '@inbox/contracts';
import { clone, K8S_DIR, loadYaml } from './support/files';
import {
  base,
  BASE_APPS,
  config,
  configName,
  containerOf,
  deployment,
  dev,
  DEV_APPS,
  envEntry,
  withoutEnv,
} from './support/fixtures';
import { named } from './support/k8s-objects';
import type { K8sObject } from './support/kubernetes-schema';
import { kubernetesProblems } from './support/kubernetes-schema';
import { renderComponent } from './support/render';
import { workloadProblems } from './support/workloads';

describe('deploy/k8s workloads', () => {
  it('base: probes, resources, config and secret references, volumes, Services, addresses', () => {
    expect(workloadProblems(base(), BASE_APPS)).toEqual([]);
  });

  it('reports a missing probe, an absent ConfigMap key, an unknown secret and a wrong port', () => {
    const objects = base();
    const container = containerOf(objects, 'gateway');
    delete container.livenessProbe;
    container.ports![0].name = 'web';
    container.readinessProbe!.httpGet!.port = 'htp';
    envEntry(container, 'LOG_LEVEL').valueFrom!.configMapKeyRef!.key = 'LOGLEVEL';
    envEntry(container, 'AMQP_URL_FILE').value = '/run/inbox-secrets/RABBIT_URL';
    withoutEnv(container, 'JWT_PUBLIC_KEY_FILE');
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining([
        'gateway: container gateway: no livenessProbe',
        'gateway: container gateway: readinessProbe uses port htp, which it does not declare',
        `gateway: container gateway: LOG_LEVEL reads ConfigMap ${configName(objects)} key LOGLEVEL, which is absent`,
        'Deployment gateway: container gateway: AMQP_URL_FILE reads gateway-secrets/RABBIT_URL, not in secret.example.yaml',
        'gateway: environment lacks JWT_PUBLIC_KEY',
        'Service gateway: targetPort http is no container port',
      ]),
    );
  });

  it('reports a gateway readiness probe on /api/v1/ready: a dependency down would empty the Service', () => {
    const objects = base();
    containerOf(objects, 'gateway').readinessProbe!.httpGet!.path = '/api/v1/ready';
    expect(workloadProblems(objects, BASE_APPS)).toEqual(['gateway: readinessProbe must GET /api/v1/health']);
  });

  it('reports the inbox without its encryption key, its media volume or its liveness service', () => {
    const objects = base();
    const inbox = containerOf(objects, 'inbox');
    withoutEnv(inbox, 'INBOX_ENCRYPTION_KEY_FILE');
    inbox.volumeMounts = inbox.volumeMounts!.filter((m) => m.name !== 'media');
    delete inbox.livenessProbe!.grpc!.service;
    delete containerOf(objects, 'directory').livenessProbe!.grpc!.service;
    containerOf(objects, 'directory').readinessProbe = {
      httpGet: { path: '/', port: 'grpc' },
      timeoutSeconds: 3,
    };
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
    const emptyDir = base();
    const pod = deployment(emptyDir, 'inbox').spec!.template.spec!;
    pod.volumes!.find((v) => v.name === 'media')!.persistentVolumeClaim = undefined;
    pod.volumes!.find((v) => v.name === 'media')!.emptyDir = {};
    expect(workloadProblems(emptyDir, BASE_APPS)).toEqual([
      'inbox: MEDIA_DIR=/app/data/media is on volume media, which is no PersistentVolumeClaim',
    ]);
    const shared = base();
    const inbox = deployment(shared, 'inbox');
    inbox.spec!.replicas = 2;
    delete inbox.spec!.strategy;
    delete inbox.spec!.template.spec!.securityContext!.fsGroup;
    const withoutClaim = shared.filter((o) => o.kind !== 'PersistentVolumeClaim');
    expect(workloadProblems(shared, BASE_APPS).sort()).toEqual(
      [
        'inbox: mounts a PersistentVolumeClaim without a pod fsGroup: the non-root user may not write to it',
        'inbox: 2 replicas share the ReadWriteOnce claim inbox-media',
        'inbox: a rolling update cannot move the ReadWriteOnce claim inbox-media; use Recreate',
        'inbox: with 2 replicas a rollout must start a new pod before stopping one (maxUnavailable: 0)',
        'Deployment inbox: Secret volume secrets is readable by its group, but the pod sets no fsGroup',
      ].sort(),
    );
    expect(workloadProblems(withoutClaim, BASE_APPS)).toContain(
      'inbox: MEDIA_DIR=/app/data/media is on PersistentVolumeClaim inbox-media, which is not defined',
    );
  });

  it("reports the gateway's inbox addresses reaching the wrong port, and secrets written in place", () => {
    const objects = base();
    config(objects).data!.INBOX_HTTP_URL = 'http://inbox:50052';
    config(objects).data!.INBOX_GRPC_ADDR = 'inbox-grpc:50053';
    const inbox = containerOf(objects, 'inbox');
    withoutEnv(inbox, 'INBOX_ENCRYPTION_KEY_FILE');
    inbox.env!.push({ name: 'INBOX_ENCRYPTION_KEY', value: '00'.repeat(32) });
    envEntry(inbox, 'GRPC_PORT').value = '50051';
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway: INBOX_HTTP_URL=http://inbox:50052 reaches inbox port grpc, not inbox port http',
        'gateway: INBOX_GRPC_ADDR=inbox-grpc:50053 reaches nothing (Service inbox-grpc has no port 50053)',
        'templates: INBOX_GRPC_ADDR=inbox-grpc:50053 reaches nothing (Service inbox-grpc has no port 50053)',
        'campaigns: INBOX_GRPC_ADDR=inbox-grpc:50053 reaches nothing (Service inbox-grpc has no port 50053)',
        'campaigns-worker: INBOX_GRPC_ADDR=inbox-grpc:50053 reaches nothing (Service inbox-grpc has no port 50053)',
        'Deployment inbox: container inbox: INBOX_ENCRYPTION_KEY is secret but written here',
        'inbox: no container port grpc on GRPC_PORT (50051)',
      ].sort(),
    );
  });

  it('reports the templates service unreachable from the gateway, or its header media not kept', () => {
    const objects = base();
    config(objects).data!.TEMPLATES_HTTP_URL = 'http://templates:50053';
    delete config(objects).data!.TEMPLATES_GRPC_ADDR;
    const templates = containerOf(objects, 'templates');
    templates.volumeMounts = templates.volumeMounts!.filter((m) => m.name !== 'media');
    withoutEnv(templates, 'PUBLIC_URL');
    withoutEnv(templates, 'TEMPLATES_DATABASE_URL_FILE');
    const cm = configName(objects);
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        `gateway: container gateway: TEMPLATES_GRPC_ADDR reads ConfigMap ${cm} key TEMPLATES_GRPC_ADDR, which is absent`,
        `campaigns: container campaigns: TEMPLATES_GRPC_ADDR reads ConfigMap ${cm} key TEMPLATES_GRPC_ADDR, which is absent`,
        `campaigns-worker: container campaigns-worker: TEMPLATES_GRPC_ADDR reads ConfigMap ${cm} key TEMPLATES_GRPC_ADDR, which is absent`,
        'gateway: TEMPLATES_HTTP_URL=http://templates:50053 reaches templates port grpc, not templates port http',
        'templates: environment lacks TEMPLATES_DATABASE_URL or DATABASE_URL',
        'templates: environment lacks PUBLIC_URL',
        'templates: MEDIA_DIR=/app/data/template-media is on no mounted volume',
      ].sort(),
    );
  });

  it('reports the campaigns API unreachable from the gateway, and a worker that is not one', () => {
    const objects = base();
    config(objects).data!.CAMPAIGNS_HTTP_URL = 'http://campaigns:50054';
    const worker = containerOf(objects, 'campaigns-worker');
    worker.args = ['services/campaigns/dist/main.js'];
    envEntry(worker, 'CAMPAIGNS_MODE').value = 'api';
    withoutEnv(worker, 'REDIS_URL_FILE');
    envEntry(worker, 'CAMPAIGNS_DATABASE_URL_FILE').value = '/run/inbox-secrets/TEMPLATES_DATABASE_URL';
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway: CAMPAIGNS_HTTP_URL=http://campaigns:50054 reaches campaigns port grpc, not campaigns port http',
        'campaigns-worker: runs services/campaigns/dist/main.js with [], not [worker]',
        'campaigns-worker: CAMPAIGNS_MODE=api does not match /^worker$/',
        'campaigns-worker: environment lacks REDIS_URL',
        'Deployment campaigns-worker: container campaigns-worker: CAMPAIGNS_DATABASE_URL_FILE reads campaigns-secrets/TEMPLATES_DATABASE_URL, not in secret.example.yaml',
        "the campaigns service's database differs: campaigns CAMPAIGNS_DATABASE_URL, campaigns-worker CAMPAIGNS_DATABASE_URL",
      ].sort(),
    );
  });

  it('reports a service that would migrate at boot: the Jobs do, before the rollout', () => {
    const objects = base();
    envEntry(containerOf(objects, 'analytics'), 'DB_MIGRATIONS').value = 'apply';
    withoutEnv(containerOf(objects, 'inbox'), 'DB_MIGRATIONS');
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual([
      'analytics: DB_MIGRATIONS must be check: the migration Jobs apply the schema before a rollout',
      'inbox: DB_MIGRATIONS must be check: the migration Jobs apply the schema before a rollout',
    ]);
  });

  it('reports a process without its metrics port, or one METRICS_PORT does not open', () => {
    const objects = base();
    const gateway = containerOf(objects, 'gateway');
    gateway.ports = gateway.ports!.filter((p) => p.name !== 'metrics');
    envEntry(containerOf(objects, 'directory'), 'METRICS_PORT').value = '9100';
    withoutEnv(containerOf(objects, 'analytics'), 'METRICS_PORT');
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining([
        'gateway: no container port metrics on METRICS_PORT (9464)',
        'directory: no container port metrics on METRICS_PORT (9100)',
        'analytics: environment lacks METRICS_PORT',
      ]),
    );
  });

  describe("the campaign workers' KEDA autoscaler (components/campaigns-worker-keda)", () => {
    const withScaler = () => renderComponent('components/campaigns-worker-keda');
    const scaler = (objects: K8sObject[]) =>
      named<K8sObject & { spec: Record<string, any> }>(objects, 'ScaledObject', 'campaigns-worker')!.spec;

    it('scales the worker Deployment on the send queue, through the management API', () => {
      expect(workloadProblems(withScaler(), BASE_APPS)).toEqual([]);
      expect(scaler(withScaler()).triggers[0].metadata).toMatchObject({ queueName: QUEUES.campaignsSend });
    });

    it('reports a wrong queue, an AMQP count, no worker left, a missing credential and fixed replicas', () => {
      const objects = withScaler();
      const spec = scaler(objects);
      Object.assign(spec.triggers[0].metadata, { queueName: 'campaigns.sends', protocol: 'amqp' });
      spec.minReplicaCount = 0;
      named<K8sObject & { spec: any }>(
        objects,
        'TriggerAuthentication',
        'campaigns-worker-rabbitmq',
      )!.spec.secretTargetRef[0].key = 'RABBITMQ_URL';
      deployment(objects, 'campaigns-worker').spec!.replicas = 2;
      expect(workloadProblems(objects, BASE_APPS)).toEqual(
        expect.arrayContaining([
          'ScaledObject campaigns-worker: queueName campaigns.sends is not campaigns.send',
          'ScaledObject campaigns-worker: protocol must be http: over AMQP the jobs workers hold unacknowledged do not count',
          'ScaledObject campaigns-worker: minReplicaCount must be 1 or more: a worker sweeps unknown outcomes',
          'ScaledObject campaigns-worker: TriggerAuthentication campaigns-worker-rabbitmq reads campaigns-worker-keda/RABBITMQ_URL, not in secret.example.yaml',
          "ScaledObject campaigns-worker: campaigns-worker fixes replicas (2): each apply would reset the autoscaler's count",
        ]),
      );
      spec.scaleTargetRef.name = 'campaigns';
      expect(workloadProblems(objects, BASE_APPS)).toContain(
        'ScaledObject campaigns-worker: campaigns is not scaled on a queue',
      );
    });

    it('reports misspelt and mistyped KEDA fields', async () => {
      const objects = withScaler();
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
    const workers = clone(deployment(base(), 'inbox')) as IDeployment & K8sObject;
    workers.metadata!.name = 'campaign-workers';
    expect(workloadProblems([...base(), ...sim, workers], BASE_APPS)).toEqual(
      expect.arrayContaining([
        'Deployment whatsapp-sim is not expected here',
        'Deployment campaign-workers is not expected here',
      ]),
    );
  });

  it('the dev overlay points the inbox at the simulator, sharing its channel', () => {
    const broken = dev();
    config(broken).data!.WHATSAPP_API_BASE_URL = 'http://whatsapp-sim';
    envEntry(containerOf(broken, 'whatsapp-sim'), 'SIM_ACCESS_TOKEN_FILE').value =
      '/run/inbox-secrets/SIM_ACCESS_TOKEN';
    expect(workloadProblems(broken, DEV_APPS).sort()).toEqual(
      [
        'Deployment whatsapp-sim: container whatsapp-sim: SIM_ACCESS_TOKEN_FILE reads whatsapp-sim-secrets/SIM_ACCESS_TOKEN, not in secret.example.yaml',
        'inbox: WHATSAPP_API_BASE_URL=http://whatsapp-sim reaches nothing (Service whatsapp-sim has no port 80)',
        'the channel access token differs: inbox WHATSAPP_ACCESS_TOKEN, whatsapp-sim SIM_ACCESS_TOKEN',
      ].sort(),
    );
  });
});
