/**
 * Who each workload runs as and what it may touch: its own ServiceAccount with no API token, a
 * non-root user with nothing to escalate to, and settings from generated ConfigMaps (a changed
 * value is a new name, so the pods that read it roll).
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { containersOf, deploymentsOf, jobsOf, ofKind, podOf } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';

type Workload = IDeployment | IJob;
const workloadsOf = (objects: K8sObject[]): Workload[] => [...deploymentsOf(objects), ...jobsOf(objects)];
const label = (w: Workload) => `${w.kind} ${w.metadata?.name}`;

function accountProblems(workloads: Workload[], accounts: IServiceAccount[]): string[] {
  const users = new Map<string, string[]>();
  const problems = workloads.flatMap((w) => {
    const pod = podOf(w);
    const name = pod?.serviceAccountName;
    if (!name || name === 'default') return [`${label(w)}: runs as the namespace's default ServiceAccount`];
    users.set(name, [...(users.get(name) ?? []), w.metadata?.name ?? '']);
    const account = accounts.find((a) => a.metadata?.name === name);
    const found = account ? [] : [`${label(w)}: ServiceAccount ${name} is not defined here`];
    if (account && account.automountServiceAccountToken !== false)
      found.push(`ServiceAccount ${name}: automountServiceAccountToken must be false`);
    if (pod?.automountServiceAccountToken !== false)
      found.push(
        `${label(w)}: automountServiceAccountToken must be false: no process calls the Kubernetes API`,
      );
    return found;
  });
  for (const [account, names] of users) {
    if (names.length > 1)
      problems.push(`ServiceAccount ${account} is shared by ${names.join(', ')}: one per workload`);
  }
  return problems;
}

function securityProblems(w: Workload): string[] {
  const pod = podOf(w);
  const problems: string[] = [];
  if (pod?.securityContext?.runAsNonRoot !== true) problems.push('the pod must set runAsNonRoot');
  if (pod?.hostNetwork || pod?.hostPID || pod?.hostIPC) problems.push('the pod shares a host namespace');
  for (const c of containersOf(w)) {
    const ctx = c.securityContext;
    const seccomp = ctx?.seccompProfile?.type ?? pod?.securityContext?.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      problems.push(`container ${c.name}: no seccomp profile`);
    if (ctx?.allowPrivilegeEscalation !== false)
      problems.push(`container ${c.name}: allowPrivilegeEscalation must be false`);
    if (ctx?.readOnlyRootFilesystem !== true)
      problems.push(`container ${c.name}: readOnlyRootFilesystem must be true`);
    if (ctx?.privileged) problems.push(`container ${c.name}: privileged`);
    if (!ctx?.capabilities?.drop?.includes('ALL'))
      problems.push(`container ${c.name}: capabilities must drop ALL`);
    if (ctx?.capabilities?.add?.length) problems.push(`container ${c.name}: adds capabilities`);
  }
  return problems.map((p) => `${label(w)}: ${p}`);
}

/** ConfigMaps each workload reads by name (env, envFrom, volumes). */
function configMapsRead(w: Workload): string[] {
  const fromContainers = containersOf(w).flatMap((c) => [
    ...(c.env ?? []).flatMap((e) =>
      e.valueFrom?.configMapKeyRef ? [e.valueFrom.configMapKeyRef.name ?? ''] : [],
    ),
    ...(c.envFrom ?? []).flatMap((e) => (e.configMapRef ? [e.configMapRef.name ?? ''] : [])),
  ]);
  const fromVolumes = (podOf(w)?.volumes ?? []).flatMap((v) => (v.configMap ? [v.configMap.name ?? ''] : []));
  return [...fromContainers, ...fromVolumes];
}

/** A generated ConfigMap's name ends in kustomize's content hash. */
export const isGeneratedName = (name: string) => /-[a-z0-9]{10}$/.test(name);

function configMapProblems(workloads: Workload[], configMaps: IConfigMap[]): string[] {
  const read = new Set(workloads.flatMap(configMapsRead));
  return [
    ...configMaps
      .filter((m) => !isGeneratedName(m.metadata?.name ?? ''))
      .map((m) => `ConfigMap ${m.metadata?.name} is not generated: a change to it would not roll the pods`),
    ...configMaps
      .filter((m) => !read.has(m.metadata?.name ?? ''))
      .map((m) => `ConfigMap ${m.metadata?.name} is read by no workload`),
    ...[...read]
      .filter((name) => !configMaps.some((m) => m.metadata?.name === name))
      .map((name) => `ConfigMap ${name} is read but not in the set (a reference kustomize did not rename?)`),
  ];
}

export function identityProblems(objects: K8sObject[]): string[] {
  const workloads = workloadsOf(objects);
  return [
    ...accountProblems(workloads, ofKind<IServiceAccount>(objects, 'ServiceAccount')),
    ...workloads.flatMap(securityProblems),
    ...configMapProblems(workloads, ofKind<IConfigMap>(objects, 'ConfigMap')),
  ];
}
