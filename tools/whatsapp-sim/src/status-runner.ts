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

/** The live settings the runner reads at each step. */
export interface StatusSettings {
  /** Gap before each status. */
  statusDelayMs: number;
  /** Most statuses in one webhook; 1 = one webhook per status. */
  statusBatchMax: number;
  /** How long a due status waits for others; 0 = only those due in the same turn of the event loop. */
  statusBatchWindowMs: number;
}

interface Queued {
  sent: SentMessage;
  step: StatusStep;
  signal: AbortSignal;
  /** Settles the step with its webhook's delivery. */
  resolve(done: Promise<unknown>): void;
}

/**
 * Emits status webhooks for accepted sends, one step after another. With batching on, statuses of
 * the number that fall due together leave in one webhook (`statuses[]` with several items, as Meta
 * sends them under load); a message's next status still waits for the webhook carrying its previous one.
 */
export class StatusRunner {
  private queue: Queued[] = [];
  private scheduled: { cancel(): void } | undefined;

  constructor(
    private readonly channel: Channel,
    private readonly deliverer: WebhookDeliverer,
    private readonly settings: StatusSettings,
  ) {}

  /** Emits one status now, in a webhook of its own (the control API's manual statuses). */
  emit(sent: SentMessage, step: StatusStep): DeliveryHandle {
    const timestamp = nextStatusTimestamp(sent, Date.now());
    sent.statuses.push(step.status);
    const payload = messagesEnvelope(this.channel, { statuses: [statusValue(sent, step, timestamp)] });
    const handle = this.deliverer.deliver(payload, {
      kind: 'status',
      wamid: sent.wamid,
      status: step.status,
    });
    this.count(handle, [step.status]);
    return handle;
  }

  /** Counts the statuses once their webhook is accepted (what a bench compares the receiver's store with). */
  private count(handle: DeliveryHandle, names: string[]): void {
    void handle.done.then((record) => {
      if (record.outcome === 'delivered')
        this.deliverer.state.counts.noteStatusesDelivered(names, Date.now());
    });
  }

  /**
   * Each step waits the delay and the previous step's whole delivery (retries included), so a receiver
   * sees the statuses of one message in order. Reset and stop cancel what is still waiting.
   */
  run(sent: SentMessage, steps: StatusStep[]): Promise<void> {
    const signal = this.deliverer.signal;
    const go = async () => {
      for (const step of steps) {
        await sleep(this.settings.statusDelayMs, undefined, { signal });
        await this.enqueue(sent, step, signal);
        if (signal.aborted) return;
      }
    };
    return go().catch(() => undefined);
  }

  private enqueue(sent: SentMessage, step: StatusStep, signal: AbortSignal): Promise<unknown> {
    if (this.settings.statusBatchMax <= 1) return this.emit(sent, step).done;
    return new Promise<unknown>((resolve) => {
      this.queue.push({ sent, step, signal, resolve });
      if (this.queue.length >= this.settings.statusBatchMax) this.flush();
      else this.scheduled ??= this.schedule();
    });
  }

  private schedule(): { cancel(): void } {
    const window = this.settings.statusBatchWindowMs;
    if (window > 0) {
      const timer = setTimeout(() => this.flush(), window);
      return { cancel: () => clearTimeout(timer) };
    }
    const immediate = setImmediate(() => this.flush());
    return { cancel: () => clearImmediate(immediate) };
  }

  /** Sends what is queued, `statusBatchMax` statuses per webhook; statuses queued before a reset are dropped. */
  private flush(): void {
    this.scheduled?.cancel();
    this.scheduled = undefined;
    const queued = this.queue;
    this.queue = [];
    const live = queued.filter((q) => !q.signal.aborted);
    for (const q of queued) if (q.signal.aborted) q.resolve(Promise.resolve());
    const max = Math.max(1, this.settings.statusBatchMax);
    for (let i = 0; i < live.length; i += max) this.deliverBatch(live.slice(i, i + max));
  }

  private deliverBatch(batch: Queued[]): void {
    if (batch.length === 1) {
      batch[0].resolve(this.emit(batch[0].sent, batch[0].step).done);
      return;
    }
    const now = Date.now();
    const statuses = batch.map(({ sent, step }) => {
      sent.statuses.push(step.status);
      return statusValue(sent, step, nextStatusTimestamp(sent, now));
    });
    const same = batch.every((q) => q.step.status === batch[0].step.status);
    const handle = this.deliverer.deliver(messagesEnvelope(this.channel, { statuses }), {
      kind: 'status',
      wamid: batch[0].sent.wamid,
      wamids: batch.map((q) => q.sent.wamid),
      ...(same ? { status: batch[0].step.status } : {}),
    });
    this.count(
      handle,
      batch.map((q) => q.step.status),
    );
    for (const q of batch) q.resolve(handle.done);
  }
}
