/**
 * Reading a set of rendered Kubernetes objects: by kind, a workload's pod and containers, the
 * environment a container gets (written, from the ConfigMap, or from a Secret's file), the example
 * Secrets the files come from.
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { loadYaml, SECRET_EXAMPLE } from './files';
import type { K8sObject } from './kubernetes-schema';

export const ofKind = <T>(objects: K8sObject[], kind: string) =>
  objects.filter((o) => o.kind === kind) as T[];
export const named = <T>(objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === name) as T | undefined;
export const deploymentsOf = (objects: K8sObject[]) => ofKind<IDeployment>(objects, 'Deployment');
export const jobsOf = (objects: K8sObject[]) => ofKind<IJob>(objects, 'Job');

/** A Deployment's or a Job's pod. */
export const podOf = (workload: IDeployment | IJob): IPodSpec | undefined => workload.spec?.template.spec;

export function containersOf(obj: object): IContainer[] {
  const pod = (obj as IDeployment).spec?.template?.spec;
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
}

/** The main container: the one named like its Deployment (or the only one). */
export function mainContainer(workload: IDeployment | IJob): IContainer | undefined {
  const containers = podOf(workload)?.containers ?? [];
  return containers.find((c) => c.name === workload.metadata?.name) ?? containers[0];
}

/** The ConfigMap a generated name leads to: `inbox-config` matches `inbox-config-<hash>` too. */
export const configMapNamed = (objects: K8sObject[], name: string) =>
  ofKind<IConfigMap>(objects, 'ConfigMap').find(
    (m) => m.metadata?.name === name || new RegExp(`^${name}-[a-z0-9]{10}$`).test(m.metadata?.name ?? ''),
  );

/** The example Secrets of deploy/k8s/base/secret.example.yaml: name → key → value. */
export function secretExamples(): Map<string, Record<string, string>> {
  return new Map(
    (loadYaml(SECRET_EXAMPLE) as { metadata: { name: string }; stringData: Record<string, string> }[]).map(
      (s) => [s.metadata.name, s.stringData],
    ),
  );
}

/** One variable: its text (written, or read from the ConfigMap), or the Secret and key whose file it reads. */
export interface EnvEntry {
  value?: string;
  secret?: { name: string; key: string };
  written: boolean;
}

/** The Secret volume mounted at the folder holding `file`, and the key the file is. */
export function secretFileOf(pod: IPodSpec | undefined, container: IContainer, file: string) {
  const mount = (container.volumeMounts ?? []).find((m) =>
    file.startsWith(`${m.mountPath.replace(/\/$/, '')}/`),
  );
  const volume = pod?.volumes?.find((v) => v.name === mount?.name);
  if (!mount || !volume?.secret?.secretName) return undefined;
  return { name: volume.secret.secretName, key: file.slice(mount.mountPath.replace(/\/$/, '').length + 1) };
}

/**
 * The environment of a container as the process sees it: env-from-files.js turns NAME_FILE into
 * NAME (unless NAME is set to something); a Secret's key read by secretKeyRef is kept apart.
 */
export function envOf(
  container: IContainer,
  configMaps: IConfigMap[],
  pod?: IPodSpec,
): Map<string, EnvEntry> {
  const dataOf = (name?: string) => configMaps.find((m) => m.metadata?.name === name)?.data ?? {};
  const env = new Map<string, EnvEntry>();
  for (const ref of container.envFrom ?? []) {
    for (const [key, value] of Object.entries(dataOf(ref.configMapRef?.name))) {
      env.set(`${ref.prefix ?? ''}${key}`, { value, written: false });
    }
  }
  const files: [string, string][] = [];
  for (const { name, value, valueFrom } of container.env ?? []) {
    const fromConfig = valueFrom?.configMapKeyRef;
    const fromSecret = valueFrom?.secretKeyRef;
    if (fromSecret)
      env.set(name, { secret: { name: fromSecret.name ?? '', key: fromSecret.key }, written: false });
    else if (fromConfig) env.set(name, { value: dataOf(fromConfig.name)[fromConfig.key], written: false });
    else env.set(name, { value, written: value !== undefined });
    if (name.endsWith('_FILE') && value) files.push([name.slice(0, -'_FILE'.length), value]);
  }
  for (const [name, file] of files) {
    const secret = secretFileOf(pod, container, file);
    if (secret && !env.get(name)?.value) env.set(name, { secret, written: false });
  }
  return env;
}

/** Whether deploy/docker/env-from-files.js runs before the process (NODE_OPTIONS or the arguments). */
export function preloadsEnvFromFiles(container: IContainer): boolean {
  const options = (container.env ?? []).find((e) => e.name === 'NODE_OPTIONS')?.value ?? '';
  const argv = [...(container.command ?? []), ...(container.args ?? []), ...options.split(/\s+/)];
  return argv.some(
    (arg, i) =>
      /(^|\/)deploy\/docker\/env-from-files\.js$/.test(arg) && /^(-r|--require)$/.test(argv[i - 1] ?? ''),
  );
}
