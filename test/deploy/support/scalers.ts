/**
 * Autoscalers against the workloads they scale: the campaign workers on their send queue (KEDA),
 * read in a way that sees the jobs they hold, with credentials that exist, capped by the numbers'
 * send rate; the CPU-bound services on CPU (HorizontalPodAutoscaler). Never a replica count that
 * a later apply would reset under the autoscaler.
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { QUEUES } from '@inbox/contracts';
import { sendRates } from './code-facts';
import { containersOf, ofKind, secretExamples } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';

interface Trigger {
  type?: string;
  metadata?: Record<string, string>;
  authenticationRef?: { name?: string; kind?: string };
}
interface ScaledObject extends K8sObject {
  metadata?: { name?: string; annotations?: Record<string, string> };
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
  else if (secretExamples().get(host.name ?? '')?.[host.key ?? ''] === undefined) {
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
    problems.push(...sizingProblems(scaler));
    return problems.map((p) => `${name}: ${p}`);
  });
}

/** The inputs of the cap, on the ScaledObject: the sends per second planned, and one replica's. */
export const PLANNED_RATE = 'open-inbox/planned-sends-per-second';
export const REPLICA_RATE = 'open-inbox/sends-per-second-per-replica';

/**
 * Queue depth alone would ask for a replica per few jobs; past the numbers' rates they would only
 * wait on the shared bucket. maxReplicaCount = ceil(planned sends/s ÷ one replica's sends/s), and
 * the plan covers at least one number at its standard rate.
 */
function sizingProblems(scaler: ScaledObject): string[] {
  const annotations = scaler.metadata?.annotations ?? {};
  const planned = Number(annotations[PLANNED_RATE]);
  const perReplica = Number(annotations[REPLICA_RATE]);
  if (!(planned > 0) || !(perReplica > 0))
    return [`annotations ${PLANNED_RATE} and ${REPLICA_RATE} must give the cap's inputs`];
  const problems: string[] = [];
  const { standard } = sendRates();
  if (planned < standard)
    problems.push(`plans ${planned} sends/s, below one number's standard ${standard}/s`);
  const cap = Math.ceil(planned / perReplica);
  if (scaler.spec?.maxReplicaCount !== cap) {
    problems.push(
      `maxReplicaCount ${scaler.spec?.maxReplicaCount} is not ceil(${planned} ÷ ${perReplica}) = ${cap}: replicas past the send rate only wait`,
    );
  }
  return problems;
}

/** Deployments scaled on CPU, and the fewest replicas each keeps. */
export const CPU_SCALED: Record<string, number> = { gateway: 2, directory: 2 };

/** HorizontalPodAutoscalers: on CPU (of a request the container sets), bounds in order, no fixed replicas. */
export function hpaProblems(objects: K8sObject[]): string[] {
  const deployments = objects.filter((o) => o.kind === 'Deployment') as IDeployment[];
  return ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler').flatMap((hpa) => {
    const target = hpa.spec?.scaleTargetRef;
    const deployment = deployments.find((d) => d.metadata?.name === target?.name);
    const name = `HorizontalPodAutoscaler ${hpa.metadata?.name}`;
    if (!deployment || target?.kind !== 'Deployment')
      return [`${name}: scales ${target?.name}, which is no Deployment here`];
    const problems: string[] = [];
    const min = hpa.spec?.minReplicas ?? 1;
    const max = hpa.spec?.maxReplicas ?? 0;
    if (min < (CPU_SCALED[target.name] ?? 1))
      problems.push(`minReplicas ${min} leaves ${target.name} without a spare`);
    if (max <= min) problems.push(`maxReplicas ${max} is not above minReplicas ${min}`);
    if (deployment.spec?.replicas !== undefined)
      problems.push(
        `${target.name} fixes replicas (${deployment.spec.replicas}): each apply would reset the autoscaler's count`,
      );
    const cpu = hpa.spec?.metrics?.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
    const utilization = cpu?.resource?.target.averageUtilization;
    if (!cpu || cpu.resource?.target.type !== 'Utilization' || !utilization || utilization > 90)
      problems.push('no CPU utilization target (at most 90 %)');
    if (!containersOf(deployment).every((c) => c.resources?.requests?.cpu))
      problems.push(`${target.name} sets no CPU request: a utilization target has nothing to divide by`);
    return problems.map((p) => `${name}: ${p}`);
  });
}
