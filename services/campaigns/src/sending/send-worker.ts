import { CAMPAIGNS_EVENTS, campaignsEventSchemas, QUEUES } from '@inbox/contracts';
import { REQUEST_ID_METADATA, type EventBus, type SubscriptionSpec } from '@inbox/platform';
import type { CampaignsDeps, CampaignsSettings } from '../deps';
import { startLeaseSweeper } from './lease-sweeper';
import { createOutcomeWriter } from './outcome-writer';
import { sendSlice, type SendContext } from './send-slice';
import { createSendSlots } from './send-slots';

/** A running part of the worker: stop() ends its consumers and timers, waiting for work under way. */
export interface RunningSendWorker {
  stop(): Promise<void>;
}

/**
 * The send queue: only workers consume it. Slices in hand at once: enough for the process's send
 * slots to stay busy while one slice waits for the rate or finishes its last sends. Many
 * attempts: the work is idempotent (claims), and a job is handed back when WhatsApp throttles
 * too long, the database fails, or the worker stops.
 */
export const sendSubscription = (settings: CampaignsSettings): SubscriptionSpec => ({
  queue: QUEUES.campaignsSend,
  bindings: [CAMPAIGNS_EVENTS.sendRequested],
  prefetch: Math.min(8, Math.max(2, Math.ceil(settings.sendConcurrency / 16))),
  maxAttempts: 200,
  retryBaseMs: 1_000,
});

const jobSchema = campaignsEventSchemas[CAMPAIGNS_EVENTS.sendRequested];

/**
 * Consumes send jobs (one slice of a campaign each) and runs the lease sweeper. Not wrapped in
 * `idempotent`: a redelivered job must finish what its first delivery left, which the per-recipient
 * claims make safe (a SENT or DISPATCHING recipient is never claimed again).
 */
export async function startSendWorker(deps: CampaignsDeps, bus: EventBus): Promise<RunningSendWorker> {
  if (deps.settings.leaseSeconds < 20)
    deps.logger.warn(
      { leaseSeconds: deps.settings.leaseSeconds },
      'a claim lease shorter than the Cloud API timeout (15 s) can call a send that is still running unknown',
    );
  const outcomes = createOutcomeWriter(deps);
  let stopping = false;
  const ctx: SendContext = {
    deps,
    slots: createSendSlots(deps.settings.sendConcurrency),
    outcomes,
    stopping: () => stopping,
  };
  const active = new Set<Promise<void>>();
  await bus.subscribe(sendSubscription(deps.settings), async (event, info) => {
    // Not acknowledged: another worker (or this one, restarted) takes it.
    if (stopping) throw new Error('send worker stopping');
    const job = jobSchema.parse(event.data);
    const work = sendSlice(ctx, job, info.headers[REQUEST_ID_METADATA] ?? event.id);
    active.add(work);
    try {
      await work;
    } finally {
      active.delete(work);
    }
  });
  const sweeper = startLeaseSweeper(deps);
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        await sweeper.stop();
        await Promise.allSettled([...active]);
        await outcomes.close();
      })()),
  };
}
