import type { InboxDeps } from '../../deps';
import { receiveMessages, type ReceiveMessageInput, type ReceiveMessageResult } from './receive-message';

export interface InboundBatcherOptions {
  /** The most messages one transaction stores. 1 turns batching off (one transaction each). */
  maxBatch: number;
  /** Batches stored at the same time (database connections used by ingestion). */
  maxInFlight: number;
}

interface Waiting {
  input: ReceiveMessageInput;
  resolve: (result: ReceiveMessageResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for inbound messages: the messages the bus hands over while a batch is being
 * stored wait and go together in the next one, so a busy consumer writes in batches and an idle
 * one still stores each message at once. Each caller's promise settles only after its message's
 * transaction committed, so a delivery is acknowledged only once its message is durable.
 */
export class InboundBatcher {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly deps: InboxDeps,
    private readonly options: InboundBatcherOptions,
  ) {}

  receive(input: ReceiveMessageInput): Promise<ReceiveMessageResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /** Waits a turn of the event loop first, so deliveries that arrived together start together. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.options.maxBatch);
        this.inFlight += 1;
        void this.store(batch).finally(() => {
          this.inFlight -= 1;
          if (this.waiting.length > 0) this.schedule();
        });
      }
    });
  }

  private async store(batch: Waiting[]): Promise<void> {
    try {
      const results = await receiveMessages(
        this.deps,
        batch.map((w) => w.input),
      );
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // One bad message (or a lost race) must not fail its neighbours: each goes again on its own,
      // and only the ones that fail alone are retried by the bus.
      this.deps.logger.warn({ err: error, size: batch.length }, 'inbound batch failed; storing one by one');
      for (const w of batch) await this.store([w]);
    }
  }
}
