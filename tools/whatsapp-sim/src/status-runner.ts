import { setTimeout as sleep } from 'node:timers/promises';
import {
  messagesEnvelope,
  nextStatusTimestamp,
  statusValue,
  type Channel,
  type StatusStep,
} from './payloads';
import type { SentMessage } from './state';
import type { DeliveryHandle, WebhookDeliverer } from './webhooks';

/** Emits status webhooks for accepted sends, one step after another. */
export class StatusRunner {
  constructor(
    private readonly channel: Channel,
    private readonly deliverer: WebhookDeliverer,
    private readonly delayMs: () => number,
  ) {}

  /** Emits one status now (the control API's manual statuses). */
  emit(sent: SentMessage, step: StatusStep): DeliveryHandle {
    const timestamp = nextStatusTimestamp(sent, Date.now());
    sent.statuses.push(step.status);
    const payload = messagesEnvelope(this.channel, { statuses: [statusValue(sent, step, timestamp)] });
    return this.deliverer.deliver(payload, { kind: 'status', wamid: sent.wamid, status: step.status });
  }

  /**
   * Each step waits the delay and the previous step's whole delivery (retries included), so a receiver
   * sees the statuses of one message in order. Reset and stop cancel what is still waiting.
   */
  run(sent: SentMessage, steps: StatusStep[]): Promise<void> {
    const signal = this.deliverer.signal;
    const go = async () => {
      for (const step of steps) {
        await sleep(this.delayMs(), undefined, { signal });
        await this.emit(sent, step).done;
        if (signal.aborted) return;
      }
    };
    return go().catch(() => undefined);
  }
}
