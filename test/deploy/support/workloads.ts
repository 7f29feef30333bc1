/**
 * Kubernetes workloads, checked on a rendered set of objects (the base, an overlay): probes,
 * resources, references to the ConfigMap and the Secrets, Services, and each app against apps.ts
 * (command, environment, ports, health checks, volumes, the addresses it reaches). The rules of
 * availability, identity and the network are in their own files; workloadProblems runs them all.
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { IService } from 'kubernetes-models/v1/Service';
import type { App, ProbeSpec } from './apps';
import { APP } from './apps';
import {
  BUCKET_ENV,
  commandProblems,
  missingEnv,
  reachProblems,
  usesBucket,
  valueProblems,
} from './app-problems';
import { availabilityProblems } from './availability';
import { identityProblems } from './identity';
import { containersOf, deploymentsOf, envOf, mainContainer, ofKind } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';
import { networkProblems } from './network';
import { hpaProblems, scalerProblems } from './scalers';
import { secretUseProblems } from './secret-files';
import { sharedProblems } from './shared-values';

interface Objects {
  deployments: IDeployment[];
  configMaps: IConfigMap[];
  services: IService[];
  claims: IPersistentVolumeClaim[];
}

const byKind = (objects: K8sObject[]): Objects => ({
  deployments: deploymentsOf(objects),
  configMaps: ofKind<IConfigMap>(objects, 'ConfigMap'),
  services: ofKind<IService>(objects, 'Service'),
  claims: ofKind<IPersistentVolumeClaim>(objects, 'PersistentVolumeClaim'),
});

function probeProblems(name: string, probe: IProbe | undefined, container: IContainer): string[] {
  if (!probe) return [`container ${container.name}: no ${name}`];
  const port = probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
  const ports = container.ports ?? [];
  if (port === undefined || ports.some((p) => p.name === port || p.containerPort === port)) return [];
  return [`container ${container.name}: ${name} uses port ${port}, which it does not declare`];
}

function deploymentProblems(deployment: IDeployment, configMaps: IConfigMap[]): string[] {
  const problems: string[] = [];
  const selector = deployment.spec?.selector.matchLabels ?? {};
  const labels = deployment.spec?.template.metadata?.labels ?? {};
  for (const [key, value] of Object.entries(selector)) {
    if (labels[key] !== value) problems.push(`selector ${key}=${value} does not match the pod labels`);
  }
  const pod = deployment.spec?.template.spec;
  const volumes = pod?.volumes ?? [];
  if (volumes.some((v) => v.persistentVolumeClaim) && pod?.securityContext?.fsGroup === undefined) {
    problems.push(
      'mounts a PersistentVolumeClaim without a pod fsGroup: the non-root user may not write to it',
    );
  }
  for (const c of containersOf(deployment)) {
    problems.push(...probeProblems('readinessProbe', c.readinessProbe, c));
    problems.push(...probeProblems('livenessProbe', c.livenessProbe, c));
    if (c.startupProbe) problems.push(...probeProblems('startupProbe', c.startupProbe, c));
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory) {
      problems.push(`container ${c.name}: resources need cpu and memory requests and a memory limit`);
    }
    for (const mount of c.volumeMounts ?? []) {
      if (!volumes.some((v) => v.name === mount.name)) {
        problems.push(`container ${c.name}: mounts volume ${mount.name}, which the pod does not declare`);
      }
    }
    for (const { name, valueFrom } of c.env ?? []) {
      const fromConfig = valueFrom?.configMapKeyRef;
      const configMap = configMaps.find((m) => m.metadata?.name === fromConfig?.name);
      if (fromConfig && !fromConfig.optional && configMap?.data?.[fromConfig.key] === undefined) {
        problems.push(
          `container ${c.name}: ${name} reads ConfigMap ${fromConfig.name} key ${fromConfig.key}, which is absent`,
        );
      }
    }
  }
  return problems;
}

function healthProblems(app: App, kind: string, probe: IProbe | undefined, spec: ProbeSpec): string[] {
  if ('grpc' in spec) {
    if (probe?.grpc && (probe.grpc.service ?? '') === spec.grpc) return [];
    return [`${app}: ${kind} must be the gRPC health check of service "${spec.grpc}"`];
  }
  return probe?.httpGet?.path === spec.http ? [] : [`${app}: ${kind} must GET ${spec.http}`];
}

/** Where a host and port lead in this set: the Service, then the port of the pods it selects. */
function resolver({ services, deployments }: Objects) {
  return (host: string, port: number) => {
    const service = services.find((s) => s.metadata?.name === host);
    if (!service) return `no Service ${host}`;
    const servicePort = service.spec?.ports?.find((p) => p.port === port);
    if (!servicePort) return `Service ${host} has no port ${port}`;
    const selector = Object.entries(service.spec?.selector ?? {});
    const target = deployments.find((d) =>
      selector.every(([key, value]) => d.spec?.template.metadata?.labels?.[key] === value),
    );
    const targetPort = servicePort.targetPort ?? port;
    for (const c of target ? containersOf(target) : []) {
      const p = c.ports?.find((cp) => cp.name === targetPort || cp.containerPort === targetPort);
      if (p) return { app: c.name, port: p.name ?? String(p.containerPort) };
    }
    return `Service ${host} port ${port} leads to no container port`;
  };
}

function persistentProblems(app: App, container: IContainer, deployment: IDeployment, objects: Objects) {
  const env = envOf(container, objects.configMaps, deployment.spec?.template.spec);
  if (usesBucket((name) => env.get(name)?.value)) {
    const scratch = (APP[app].scratch ?? []).flatMap((name) => {
      const dir = env.get(name)?.value ?? '';
      const mount = (container.volumeMounts ?? []).find(
        (m) => dir === m.mountPath || dir.startsWith(`${m.mountPath}/`),
      );
      return mount && !mount.readOnly
        ? []
        : [`${app}: ${name}=${dir} (uploads in progress) is on no writable volume`];
    });
    return [
      ...BUCKET_ENV.filter((name) => !env.has(name)).map((name) => `${app}: BLOB_STORE=s3 without ${name}`),
      ...scratch,
    ];
  }
  return APP[app].persistent.flatMap((name) => {
    const dir = env.get(name)?.value;
    if (dir === undefined) return [`${app}: environment lacks ${name}`];
    const mount = (container.volumeMounts ?? []).find(
      (m) => dir === m.mountPath || dir.startsWith(`${m.mountPath.replace(/\/$/, '')}/`),
    );
    if (!mount) return [`${app}: ${name}=${dir} is on no mounted volume`];
    const volume = deployment.spec?.template.spec?.volumes?.find((v) => v.name === mount.name);
    const claimName = volume?.persistentVolumeClaim?.claimName;
    if (!claimName)
      return [`${app}: ${name}=${dir} is on volume ${mount.name}, which is no PersistentVolumeClaim`];
    const claim = objects.claims.find((c) => c.metadata?.name === claimName);
    if (!claim)
      return [`${app}: ${name}=${dir} is on PersistentVolumeClaim ${claimName}, which is not defined`];
    const problems: string[] = [];
    if (mount.readOnly || volume.persistentVolumeClaim?.readOnly)
      problems.push(`${app}: ${name}=${dir} is read-only`);
    if (!claim.spec?.accessModes?.length || !claim.spec.resources?.requests?.storage) {
      problems.push(`PersistentVolumeClaim ${claimName}: needs accessModes and a storage request`);
    }
    const replicas = deployment.spec?.replicas ?? 1;
    if (
      claim.spec?.accessModes?.includes('ReadWriteOnce') &&
      !claim.spec.accessModes.includes('ReadWriteMany')
    ) {
      if (replicas > 1)
        problems.push(`${app}: ${replicas} replicas share the ReadWriteOnce claim ${claimName}`);
      if (deployment.spec?.strategy?.type !== 'Recreate') {
        problems.push(
          `${app}: a rolling update cannot move the ReadWriteOnce claim ${claimName}; use Recreate`,
        );
      }
    }
    return problems;
  });
}

function appProblems(app: App, objects: Objects, present: (a: App) => boolean): string[] {
  const deployment = objects.deployments.find((d) => d.metadata?.name === app);
  const container = deployment?.spec?.template.spec?.containers.find((c) => c.name === app);
  if (!deployment || !container) return [`no Deployment ${app} with a container ${app}`];
  const spec = APP[app];
  const problems: string[] = [];
  problems.push(...commandProblems(app, [...(container.command ?? []), ...(container.args ?? [])]));
  const env = envOf(container, objects.configMaps, deployment.spec?.template.spec);
  const valueOf = (name: string) => env.get(name)?.value;
  problems.push(...missingEnv(app, (name) => env.has(name)));
  problems.push(...valueProblems(app, valueOf));
  for (const { port, env: name } of spec.listens) {
    const declared = container.ports?.find((p) => p.name === port);
    if (!declared || String(declared.containerPort) !== valueOf(name)) {
      problems.push(`${app}: no container port ${port} on ${name} (${valueOf(name)})`);
    }
  }
  if (spec.schemaOf && valueOf('DB_MIGRATIONS') !== 'check') {
    problems.push(
      `${app}: DB_MIGRATIONS must be check: the migration Jobs apply the schema before a rollout`,
    );
  }
  problems.push(...healthProblems(app, 'readinessProbe', container.readinessProbe, spec.readiness));
  problems.push(...healthProblems(app, 'livenessProbe', container.livenessProbe, spec.liveness));
  problems.push(...persistentProblems(app, container, deployment, objects));
  problems.push(...reachProblems(app, valueOf, resolver(objects), present));
  return problems;
}

function serviceProblems(service: IService, deployments: IDeployment[]): string[] {
  const selector = Object.entries(service.spec?.selector ?? {});
  const target = deployments.find((d) =>
    selector.every(([key, value]) => d.spec?.template.metadata?.labels?.[key] === value),
  );
  if (!target || selector.length === 0) return [`Service ${service.metadata?.name} selects no Deployment`];
  const ports = containersOf(target).flatMap((c) => c.ports ?? []);
  return (service.spec?.ports ?? [])
    .filter(
      (p) => !ports.some((cp) => cp.name === p.targetPort || cp.containerPort === (p.targetPort ?? p.port)),
    )
    .map(
      (p) => `Service ${service.metadata?.name}: targetPort ${p.targetPort ?? p.port} is no container port`,
    );
}

/** Every check on one rendered set of objects, which must run exactly the Deployments of `apps`. */
export function workloadProblems(list: K8sObject[], apps: App[]): string[] {
  const objects = byKind(list);
  const identity = (app: App, name: string) => {
    const deployment = objects.deployments.find((d) => d.metadata?.name === app);
    const container = deployment && mainContainer(deployment);
    const entry = container
      ? envOf(container, objects.configMaps, deployment.spec?.template.spec).get(name)
      : undefined;
    // Per-service Secrets: a shared value is the same key in each (filled from one place).
    return entry?.secret !== undefined ? `Secret key ${entry.secret.key}` : entry?.value;
  };
  return [
    ...objects.deployments.flatMap((d) =>
      deploymentProblems(d, objects.configMaps).map((p) => `${d.metadata?.name}: ${p}`),
    ),
    ...objects.deployments
      .filter((d) => !apps.includes(d.metadata?.name as App))
      .map((d) => `Deployment ${d.metadata?.name} is not expected here`),
    ...apps.flatMap((app) => appProblems(app, objects, (a) => apps.includes(a))),
    ...objects.services.flatMap((s) => serviceProblems(s, objects.deployments)),
    ...sharedProblems(apps, identity),
    ...secretUseProblems(list),
    ...identityProblems(list),
    ...availabilityProblems(list, apps),
    ...networkProblems(list, apps),
    ...scalerProblems(list),
    ...hpaProblems(list),
  ];
}
