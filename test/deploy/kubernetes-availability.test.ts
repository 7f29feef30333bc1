/** The availability rules (support/availability.ts, scalers.ts), each shown to catch what it is for. */
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { healthDeadlineMs, shutdownSteps, shutdownStepTimeoutMs } from './support/code-facts';
import { BASE_APPS, containerOf, deployment, production, without } from './support/fixtures';
import { named } from './support/k8s-objects';
import type { K8sObject } from './support/kubernetes-schema';
import { workloadProblems } from './support/workloads';

const budget = (objects: K8sObject[], name: string) =>
  named<IPodDisruptionBudget>(objects, 'PodDisruptionBudget', name)!;
const hpa = (objects: K8sObject[], name: string) =>
  named<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler', name)!;

describe('disruption budgets', () => {
  it('never block a drain, one replica included, and never let every replica go', () => {
    const objects = production();
    budget(objects, 'analytics').spec = {
      ...budget(objects, 'analytics').spec,
      maxUnavailable: undefined,
      minAvailable: 1,
    };
    budget(objects, 'inbox').spec!.maxUnavailable = 2;
    budget(objects, 'gateway').spec!.maxUnavailable = '100%';
    delete budget(objects, 'campaigns').spec!.unhealthyPodEvictionPolicy;
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'analytics: PodDisruptionBudget analytics blocks a drain at 1 replica(s)',
        'inbox: PodDisruptionBudget inbox lets all 2 replicas go at once',
        'gateway: PodDisruptionBudget gateway lets all 3 replicas go at once',
        'campaigns: PodDisruptionBudget campaigns: unhealthyPodEvictionPolicy must be AlwaysAllow',
      ].sort(),
    );
  });

  it('count the autoscaler’s fewest replicas, and are one per Deployment', () => {
    const objects = production();
    // minAvailable 2 of the gateway's 3: fine; of the directory's 2: a blocked drain.
    budget(objects, 'gateway').spec = {
      ...budget(objects, 'gateway').spec,
      maxUnavailable: undefined,
      minAvailable: 2,
    };
    budget(objects, 'directory').spec = {
      ...budget(objects, 'directory').spec,
      maxUnavailable: undefined,
      minAvailable: 2,
    };
    expect(workloadProblems(without(objects, 'PodDisruptionBudget', 'templates'), BASE_APPS).sort()).toEqual(
      [
        'directory: PodDisruptionBudget directory blocks a drain at 2 replica(s)',
        'templates: 0 PodDisruptionBudgets select its pods, not 1',
      ].sort(),
    );
  });
});

describe('spread, probes, shutdown and rollout', () => {
  it('spread over zones and nodes, without keeping a pod Pending', () => {
    const objects = production();
    const pod = deployment(objects, 'gateway').spec!.template.spec!;
    pod.topologySpreadConstraints![0].whenUnsatisfiable = 'DoNotSchedule';
    pod.topologySpreadConstraints![1].labelSelector = {
      matchLabels: { 'app.kubernetes.io/name': 'directory' },
    };
    delete deployment(objects, 'inbox').spec!.template.spec!.topologySpreadConstraints;
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'gateway: the spread over topology.kubernetes.io/zone must be ScheduleAnyway: a full zone or node must not keep pods Pending',
        'gateway: the spread over kubernetes.io/hostname does not select its own pods',
        'inbox: no topology spread over topology.kubernetes.io/zone',
        'inbox: no topology spread over kubernetes.io/hostname',
      ].sort(),
    );
  });

  it(`probes wait longer than the ${healthDeadlineMs()} ms a health check may take`, () => {
    const objects = production();
    containerOf(objects, 'directory').readinessProbe!.timeoutSeconds = healthDeadlineMs() / 1000;
    delete containerOf(objects, 'gateway').livenessProbe!.timeoutSeconds;
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        `directory: container directory: readinessProbe times out after ${healthDeadlineMs()} ms, not above the ${healthDeadlineMs()} ms health deadline`,
        `gateway: container gateway: livenessProbe times out after 1000 ms, not above the ${healthDeadlineMs()} ms health deadline`,
      ].sort(),
    );
  });

  it('a preStop pause, then a grace period that covers every shutdown step', () => {
    const objects = production();
    const steps = shutdownSteps('campaigns')!;
    const needed = 5 + (steps * shutdownStepTimeoutMs()) / 1000;
    deployment(objects, 'campaigns').spec!.template.spec!.terminationGracePeriodSeconds = needed - 1;
    delete containerOf(objects, 'templates').lifecycle;
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        `campaigns: terminationGracePeriodSeconds ${needed - 1} does not cover preStop 5 s + ${steps} shutdown steps × ${shutdownStepTimeoutMs() / 1000} s = ${needed} s`,
        'templates: no preStop `sleep`: SIGTERM would arrive while the endpoints still send it requests',
      ].sort(),
    );
  });

  it('a rollout starts a new pod first; a singleton never runs two', () => {
    const objects = production();
    deployment(objects, 'inbox').spec!.strategy!.rollingUpdate!.maxUnavailable = 1;
    deployment(objects, 'campaigns').spec!.strategy = { type: 'Recreate' };
    deployment(objects, 'analytics').spec!.replicas = 2;
    deployment(objects, 'analytics').spec!.strategy = { type: 'RollingUpdate' };
    expect(workloadProblems(objects, BASE_APPS).sort()).toEqual(
      [
        'inbox: with 2 replicas a rollout must start a new pod before stopping one (maxUnavailable: 0)',
        'campaigns: Recreate would stop all 2 replicas at once',
        'analytics: a singleton runs 2..2 replicas, not 1',
        'analytics: a singleton is replaced with Recreate',
      ].sort(),
    );
  });
});

describe('autoscalers', () => {
  it('HorizontalPodAutoscalers scale on CPU between sane bounds, over no fixed count', () => {
    const objects = production();
    hpa(objects, 'gateway').spec!.minReplicas = 1;
    hpa(objects, 'directory').spec!.maxReplicas = 2;
    hpa(objects, 'directory').spec!.metrics = [];
    deployment(objects, 'gateway').spec!.replicas = 3;
    delete containerOf(objects, 'directory').resources!.requests!.cpu;
    expect(workloadProblems(objects, BASE_APPS)).toEqual(
      expect.arrayContaining([
        'HorizontalPodAutoscaler gateway: minReplicas 1 leaves gateway without a spare',
        "HorizontalPodAutoscaler gateway: gateway fixes replicas (3): each apply would reset the autoscaler's count",
        'HorizontalPodAutoscaler directory: maxReplicas 2 is not above minReplicas 2',
        'HorizontalPodAutoscaler directory: no CPU utilization target (at most 90 %)',
        'HorizontalPodAutoscaler directory: directory sets no CPU request: a utilization target has nothing to divide by',
      ]),
    );
  });

  it("the campaign workers' cap is the send rate's: ceil(planned sends/s ÷ one replica's)", () => {
    const objects = production();
    const scaler = named<K8sObject & { metadata: { annotations: Record<string, string> }; spec: any }>(
      objects,
      'ScaledObject',
      'campaigns-worker',
    )!;
    scaler.spec.maxReplicaCount = 30;
    expect(workloadProblems(objects, BASE_APPS)).toEqual([
      'ScaledObject campaigns-worker: maxReplicaCount 30 is not ceil(1000 ÷ 150) = 7: replicas past the send rate only wait',
    ]);
    scaler.metadata.annotations['open-inbox/planned-sends-per-second'] = '40';
    scaler.spec.maxReplicaCount = 1;
    expect(workloadProblems(objects, BASE_APPS)).toEqual([
      "ScaledObject campaigns-worker: plans 40 sends/s, below one number's standard 80/s",
    ]);
    delete scaler.metadata.annotations['open-inbox/sends-per-second-per-replica'];
    expect(workloadProblems(objects, BASE_APPS)).toEqual([
      "ScaledObject campaigns-worker: annotations open-inbox/planned-sends-per-second and open-inbox/sends-per-second-per-replica must give the cap's inputs",
    ]);
  });
});
