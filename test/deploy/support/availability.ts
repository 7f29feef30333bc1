/**
 * What keeps a workload serving through a rollout, a node drain and a bad day: its disruption
 * budget, its spread over zones and nodes, probes that wait longer than the health checks they
 * ask, a preStop pause and a grace period that cover the process's shutdown steps, and a rollout
 * that starts the new pod before stopping an old one (or, for a singleton, never runs two).
 */
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { App } from './apps';
import { APP, isApp } from './apps';
import { healthDeadlineMs, shutdownSteps, shutdownStepTimeoutMs } from './code-facts';
import { containersOf, deploymentsOf, mainContainer, ofKind } from './k8s-objects';
import type { K8sObject } from './kubernetes-schema';

/** Whether a label selector selects these labels (matchLabels and the four operators). */
export function selects(selector: ILabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const matchLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const expressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return matchLabels && expressions;
}

const podLabels = (d: IDeployment) => d.spec?.template.metadata?.labels ?? {};

/** The fewest and most replicas a Deployment runs: its autoscaler's bounds, else its count. */
export function replicaBounds(deployment: IDeployment, objects: K8sObject[]): { min: number; max: number } {
  const name = deployment.metadata?.name;
  const hpa = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler').find(
    (h) => h.spec?.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
  );
  if (hpa) return { min: hpa.spec?.minReplicas ?? 1, max: hpa.spec?.maxReplicas ?? 1 };
  const scaler = objects.find(
    (o) =>
      o.kind === 'ScaledObject' &&
      (o.spec as { scaleTargetRef?: { name?: string } })?.scaleTargetRef?.name === name,
  ) as { spec: { minReplicaCount?: number; maxReplicaCount?: number } } | undefined;
  if (scaler) return { min: scaler.spec.minReplicaCount ?? 0, max: scaler.spec.maxReplicaCount ?? 100 };
  const count = deployment.spec?.replicas ?? 1;
  return { min: count, max: count };
}

/** Pods a budget lets go at once when `replicas` run (percentages as the disruption controller rounds them). */
function allowedDisruptions(pdb: IPodDisruptionBudget, replicas: number): number {
  const amount = (v: number | string, up: boolean) =>
    typeof v === 'number' ? v : (up ? Math.ceil : Math.floor)((parseInt(v, 10) / 100) * replicas);
  if (pdb.spec?.maxUnavailable !== undefined) return amount(pdb.spec.maxUnavailable, true);
  if (pdb.spec?.minAvailable !== undefined) return replicas - amount(pdb.spec.minAvailable, true);
  return 0;
}

/**
 * The rule: a budget lets at least one pod go (at the fewest replicas: a drain is never blocked,
 * one replica included) and, with two or more, keeps at least one serving; a pod that is not ready
 * may always go (it serves nothing and must not hold a node).
 */
function budgetProblems(deployment: IDeployment, objects: K8sObject[]): string[] {
  const budgets = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget').filter((b) =>
    selects(b.spec?.selector, podLabels(deployment)),
  );
  if (budgets.length !== 1) return [`${budgets.length} PodDisruptionBudgets select its pods, not 1`];
  const [pdb] = budgets;
  const { min } = replicaBounds(deployment, objects);
  const replicas = Math.max(min, 1);
  const allowed = allowedDisruptions(pdb, replicas);
  const problems: string[] = [];
  if (allowed < 1)
    problems.push(`PodDisruptionBudget ${pdb.metadata?.name} blocks a drain at ${replicas} replica(s)`);
  if (replicas >= 2 && allowed > replicas - 1)
    problems.push(`PodDisruptionBudget ${pdb.metadata?.name} lets all ${replicas} replicas go at once`);
  if (pdb.spec?.unhealthyPodEvictionPolicy !== 'AlwaysAllow')
    problems.push(
      `PodDisruptionBudget ${pdb.metadata?.name}: unhealthyPodEvictionPolicy must be AlwaysAllow`,
    );
  return problems;
}

const SPREAD_KEYS = ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'];

function spreadProblems(deployment: IDeployment): string[] {
  const constraints = deployment.spec?.template.spec?.topologySpreadConstraints ?? [];
  return SPREAD_KEYS.flatMap((key) => {
    const c = constraints.find((t) => t.topologyKey === key);
    if (!c) return [`no topology spread over ${key}`];
    const problems: string[] = [];
    if (c.whenUnsatisfiable !== 'ScheduleAnyway')
      problems.push(
        `the spread over ${key} must be ScheduleAnyway: a full zone or node must not keep pods Pending`,
      );
    if (!selects(c.labelSelector, podLabels(deployment)))
      problems.push(`the spread over ${key} does not select its own pods`);
    return problems;
  });
}

function probeTimeoutProblems(deployment: IDeployment): string[] {
  const deadline = healthDeadlineMs();
  return containersOf(deployment).flatMap((c) =>
    (['startupProbe', 'readinessProbe', 'livenessProbe'] as const).flatMap((kind) => {
      const probe = c[kind];
      const timeout = (probe?.timeoutSeconds ?? 1) * 1000;
      return probe && timeout <= deadline
        ? [
            `container ${c.name}: ${kind} times out after ${timeout} ms, not above the ${deadline} ms health deadline`,
          ]
        : [];
    }),
  );
}

/** The seconds a preStop `sleep N` pauses, or undefined. */
function preStopSeconds(deployment: IDeployment): number | undefined {
  const command = mainContainer(deployment)?.lifecycle?.preStop?.exec?.command ?? [];
  return command[0] === 'sleep' && /^\d+$/.test(command[1] ?? '') ? Number(command[1]) : undefined;
}

/** Kubernetes counts the preStop pause inside the grace period: both, then every step's bound. */
function shutdownProblems(app: App, deployment: IDeployment): string[] {
  const pause = preStopSeconds(deployment);
  if (pause === undefined || pause < 1)
    return ['no preStop `sleep`: SIGTERM would arrive while the endpoints still send it requests'];
  const grace = deployment.spec?.template.spec?.terminationGracePeriodSeconds ?? 30;
  const steps = shutdownSteps(app);
  const needed = pause + ((steps ?? 0) * shutdownStepTimeoutMs()) / 1000;
  if (steps === undefined ? grace <= pause : grace < needed) {
    const what =
      steps === undefined ? '' : ` + ${steps} shutdown steps × ${shutdownStepTimeoutMs() / 1000} s`;
    return [`terminationGracePeriodSeconds ${grace} does not cover preStop ${pause} s${what} = ${needed} s`];
  }
  return [];
}

function rolloutProblems(app: App, deployment: IDeployment, objects: K8sObject[]): string[] {
  const strategy = deployment.spec?.strategy;
  const { min, max } = replicaBounds(deployment, objects);
  if (APP[app].singleton) {
    const problems = min === 1 && max === 1 ? [] : [`a singleton runs ${min}..${max} replicas, not 1`];
    return strategy?.type === 'Recreate' ? problems : [...problems, 'a singleton is replaced with Recreate'];
  }
  if (max < 2) return [];
  if (strategy?.type === 'Recreate') return [`Recreate would stop all ${max} replicas at once`];
  const unavailable = strategy?.rollingUpdate?.maxUnavailable;
  return unavailable === 0 || unavailable === '0%'
    ? []
    : [`with ${max} replicas a rollout must start a new pod before stopping one (maxUnavailable: 0)`];
}

/** The rules above for every Deployment of the set that runs an app. */
export function availabilityProblems(objects: K8sObject[], apps: App[]): string[] {
  return deploymentsOf(objects)
    .filter((d) => isApp(d.metadata?.name) && apps.includes(d.metadata?.name as App))
    .flatMap((d) => {
      const app = d.metadata?.name as App;
      return [
        ...budgetProblems(d, objects),
        ...spreadProblems(d),
        ...probeTimeoutProblems(d),
        ...shutdownProblems(app, d),
        ...rolloutProblems(app, d, objects),
      ].map((p) => `${app}: ${p}`);
    });
}
