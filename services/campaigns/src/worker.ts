import type { EventBus } from '@inbox/platform';
import type { CampaignsDeps } from './deps';
import { startSendWorker } from './sending/send-worker';

export interface RunningCampaignWorker {
  /** Stops taking send jobs and waits for the claimed recipients' outcomes to be written. */
  stop(): Promise<void>;
}

/**
 * The worker: the send queue's consumer (one slice of a campaign at a time per job, at the
 * number's rate) and the lease sweeper, both in src/sending/. Runs beside the API in the
 * all-in-one mode, alone in `main.ts worker`.
 */
export async function startCampaignWorker(
  deps: CampaignsDeps,
  bus: EventBus,
): Promise<RunningCampaignWorker> {
  const sending = await startSendWorker(deps, bus);
  return { stop: () => sending.stop() };
}
