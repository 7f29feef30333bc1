/**
 * The migration Jobs, run before a rollout: one per service that owns a schema, running its
 * `migrate.js` with its own database URL from its own Secret, bounded (retries, a deadline, a time
 * to live), marked as Argo CD and Helm pre-sync hooks, under a NetworkPolicy that lets them reach
 * PostgreSQL; and in step with the overlay they precede (same namespace, same image).
 */
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { APP, APPS, SERVER_PORTS } from './apps';
import { containersOf, deploymentsOf, envOf, jobsOf, mainContainer, ofKind, podOf } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';
import { allows, KUBE_DNS, OUTSIDE } from './network';

/** The services whose schema a Job migrates. */
export const SCHEMAS = [...new Set(APPS.flatMap((app) => (APP[app].schemaOf ? [APP[app].schemaOf] : [])))];

const HOOKS: Record<string, RegExp> = {
  'argocd.argoproj.io/hook': /^PreSync$/,
  'argocd.argoproj.io/hook-delete-policy': /BeforeHookCreation/,
  'helm.sh/hook': /pre-install.*pre-upgrade|pre-upgrade.*pre-install/,
  'helm.sh/hook-delete-policy': /before-hook-creation/,
};

function jobProblems(service: string, job: IJob, objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const container = mainContainer(job);
  const argv = [...(container?.command ?? []), ...(container?.args ?? [])];
  if (!argv.includes(`services/${service}/dist/migrate.js`))
    problems.push(`does not run services/${service}/dist/migrate.js`);
  const url = container && envOf(container, [], podOf(job)).get('MIGRATION_DATABASE_URL');
  if (url?.secret?.name !== `${service}-migration`)
    problems.push(`MIGRATION_DATABASE_URL must come from the Secret ${service}-migration`);
  const { backoffLimit, activeDeadlineSeconds, ttlSecondsAfterFinished } = job.spec ?? {};
  if (backoffLimit === undefined || backoffLimit > 5) problems.push('backoffLimit must be set, 5 at most');
  if (!activeDeadlineSeconds)
    problems.push('no activeDeadlineSeconds: a migration stuck on a lock would hold the release forever');
  if (ttlSecondsAfterFinished === undefined)
    problems.push('no ttlSecondsAfterFinished: finished Jobs would pile up');
  if (!['Never', 'OnFailure'].includes(podOf(job)?.restartPolicy ?? ''))
    problems.push('restartPolicy must be Never or OnFailure');
  const annotations = job.metadata?.annotations ?? {};
  for (const [key, value] of Object.entries(HOOKS)) {
    if (!value.test(annotations[key] ?? '')) problems.push(`annotation ${key} must match ${value}`);
  }
  const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const pod = {
    namespace: job.metadata?.namespace ?? 'default',
    labels: job.spec?.template.metadata?.labels ?? {},
  };
  if (!allows(policies, pod, OUTSIDE, { port: SERVER_PORTS.postgresql }))
    problems.push('its NetworkPolicy does not let it reach PostgreSQL');
  if (!allows(policies, pod, KUBE_DNS, { port: 53, protocol: 'UDP' }))
    problems.push('its NetworkPolicy does not let it resolve names');
  return problems.map((p) => `Job ${service}-migrate: ${p}`);
}

/** A rendered migrations kustomization: a Job per schema, nothing else running. */
export function migrationProblems(objects: K8sObject[]): string[] {
  const jobs = jobsOf(objects);
  return [
    ...SCHEMAS.flatMap((service) => {
      const job = jobs.find((j) => j.metadata?.name === `${service}-migrate`);
      return job ? jobProblems(service, job, objects) : [`no Job ${service}-migrate`];
    }),
    ...jobs
      .filter((j) => !SCHEMAS.some((s) => j.metadata?.name === `${s}-migrate`))
      .map((j) => `Job ${j.metadata?.name} is not a service's migration`),
    ...deploymentsOf(objects).map((d) => `Deployment ${d.metadata?.name} is not a migration`),
  ];
}

/** The migrations and the overlay they precede: the same namespace and the same release. */
export function migrationMatchProblems(migrations: K8sObject[], overlay: K8sObject[]): string[] {
  const images = (objects: K8sObject[]) =>
    new Set([...deploymentsOf(objects), ...jobsOf(objects)].flatMap(containersOf).map((c) => c.image));
  const namespaces = (objects: K8sObject[]) =>
    new Set(objects.map((o) => (o.metadata as { namespace?: string } | undefined)?.namespace));
  const problems: string[] = [];
  const overlayImages = images(overlay);
  for (const image of images(migrations)) {
    if (!overlayImages.has(image)) problems.push(`the migrations run ${image}, which the overlay does not`);
  }
  const [namespace] = [...namespaces(overlay)];
  for (const other of namespaces(migrations)) {
    if (other !== namespace) problems.push(`the migrations run in ${other}, the overlay in ${namespace}`);
  }
  return problems;
}
