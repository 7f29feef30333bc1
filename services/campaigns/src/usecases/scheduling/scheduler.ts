import { newId } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';
import { runSchedulerPass } from './run-scheduler-pass';

export interface RunningScheduler {
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs` (0: never) one pass moves the due SCHEDULED campaigns to QUEUED; one process
 * at a time runs it (a lease in campaign_leases), the others skip the round.
 */
export function startScheduler(deps: CampaignsDeps, intervalMs: number): RunningScheduler {
  if (intervalMs <= 0) return { stop: async () => undefined };
  const holder = `${deps.settings.workerId}:${newId()}`;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = runSchedulerPass(deps, holder, intervalMs)
      .then((queued) => {
        if (queued) deps.logger.info({ queued }, 'scheduled campaigns queued');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'campaign scheduler pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
