import { QUEUES } from '@inbox/contracts';
import type { EventBus } from '@inbox/platform';

/**
 * How often the count is read again (one passive declare on a channel of its own): a worker that
 * starts counts before its own subscription, and the others learn of it only at their next read,
 * pacing at their former share meanwhile (bench, Redis unreachable, 4,000 sends: 454 refusals at 10 s, 79 at 2 s).
 */
const EVERY_MS = 2_000;

export interface SendConsumers {
  /** The worker processes consuming the send queue at the last count (at least 1: this one). */
  count(): number;
  stop(): void;
}

/**
 * Counts the send queue's consumers on the broker, so that while Redis fails each worker paces
 * at its share of a number's rate instead of the whole rate (send-rate.ts). Keeps the last count
 * while the broker cannot say.
 */
export function watchSendConsumers(bus: EventBus, everyMs = EVERY_MS): SendConsumers {
  let last = 1;
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= (async () => {
      try {
        const counted = await bus.consumerCount?.(QUEUES.campaignsSend);
        if (counted !== undefined) last = Math.max(1, counted);
      } finally {
        reading = undefined;
      }
    })());
  void read();
  const timer = setInterval(() => void read(), everyMs);
  timer.unref();
  return { count: () => last, stop: () => clearInterval(timer) };
}
