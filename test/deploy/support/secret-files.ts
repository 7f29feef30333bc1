/**
 * Secrets reach the processes as files, one Secret per service: never in the environment of a
 * pod spec (where `kubectl describe` and crash dumps show them), never written in a manifest.
 * Each NAME_FILE names a key of the Secret mounted there, as secret.example.yaml shows it, and
 * deploy/docker/env-from-files.js is preloaded to turn the files into variables.
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import { APP, isApp } from './apps';
import {
  containersOf,
  deploymentsOf,
  jobsOf,
  podOf,
  preloadsEnvFromFiles,
  secretExamples,
  secretFileOf,
} from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';
import { K8S_SECRET_ENV } from './shared-values';

type Workload = IDeployment | IJob;
const label = (w: Workload) => `${w.kind} ${w.metadata?.name}`;

function workloadProblems(w: Workload, examples: Map<string, Record<string, string>>): string[] {
  const pod = podOf(w);
  const problems: string[] = [];
  for (const c of containersOf(w)) {
    const names = new Set((c.env ?? []).map((e) => e.name));
    for (const ref of c.envFrom ?? []) {
      if (ref.secretRef)
        problems.push(`container ${c.name}: envFrom Secret ${ref.secretRef.name}: mount it as files`);
    }
    for (const { name, value, valueFrom } of c.env ?? []) {
      if (valueFrom?.secretKeyRef) {
        problems.push(
          `container ${c.name}: ${name} reads Secret ${valueFrom.secretKeyRef.name} into the environment; mount it as files`,
        );
      } else if (K8S_SECRET_ENV.has(name) && (value || valueFrom)) {
        problems.push(
          `container ${c.name}: ${name} is secret but ${value ? 'written here' : 'read from a ConfigMap'}`,
        );
      }
      if (!name.endsWith('_FILE') || !value) continue;
      const file = secretFileOf(pod, c, value);
      if (!file) problems.push(`container ${c.name}: ${name}=${value} is in no mounted Secret`);
      else if (examples.get(file.name)?.[file.key] === undefined)
        problems.push(
          `container ${c.name}: ${name} reads ${file.name}/${file.key}, not in secret.example.yaml`,
        );
    }
    if ([...names].some((n) => n.endsWith('_FILE')) && !preloadsEnvFromFiles(c))
      problems.push(`container ${c.name}: reads *_FILE but deploy/docker/env-from-files.js is not preloaded`);
    for (const mount of c.volumeMounts ?? []) {
      const volume = pod?.volumes?.find((v) => v.name === mount.name);
      if (volume?.secret && !mount.readOnly)
        problems.push(`container ${c.name}: Secret volume ${mount.name} is writable`);
    }
  }
  for (const volume of pod?.volumes ?? []) {
    const mode = volume.secret?.defaultMode ?? 0o644;
    if (volume.secret && (mode & 0o007) !== 0)
      problems.push(`Secret volume ${volume.name} is readable by every user (mode 0${mode.toString(8)})`);
    if (volume.secret && (mode & 0o040) !== 0 && pod?.securityContext?.fsGroup === undefined)
      problems.push(`Secret volume ${volume.name} is readable by its group, but the pod sets no fsGroup`);
  }
  return problems.map((p) => `${label(w)}: ${p}`);
}

/** One Secret per service: two Deployments share a Secret only when they are one service (its API and workers). */
function sharingProblems(deployments: IDeployment[]): string[] {
  const owners = new Map<string, Set<string>>();
  for (const d of deployments) {
    const name = d.metadata?.name ?? '';
    const service = isApp(name) ? (APP[name].schemaOf ?? name) : name;
    for (const v of podOf(d)?.volumes ?? []) {
      if (v.secret?.secretName)
        owners.set(v.secret.secretName, new Set([...(owners.get(v.secret.secretName) ?? []), service]));
    }
  }
  return [...owners]
    .filter(([, services]) => services.size > 1)
    .map(
      ([secret, services]) =>
        `Secret ${secret} is mounted by ${[...services].join(', ')}: one Secret per service`,
    );
}

export function secretUseProblems(objects: K8sObject[]): string[] {
  const examples = secretExamples();
  return [
    ...[...deploymentsOf(objects), ...jobsOf(objects)].flatMap((w) => workloadProblems(w, examples)),
    ...sharingProblems(deploymentsOf(objects)),
  ];
}
