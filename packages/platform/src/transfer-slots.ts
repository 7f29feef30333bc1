import { DomainError } from './errors';

export interface TransferSlotsOptions {
  /** Transfers running at once. */
  slots: number;
  /** Transfers allowed to wait for a slot; one more is refused at once. */
  maxWaiting: number;
  /** How long a transfer may wait for a slot before it is refused. */
  waitTimeoutMs: number;
}

const busy = (why: string) =>
  new DomainError(
    'unavailable',
    'TRANSFERS_BUSY',
    `Too many file transfers in progress (${why}); retry shortly`,
  );

/**
 * A counting semaphore for large streamed transfers (media files): each transfer keeps a few
 * stream buffers in flight, so a cap on how many run at once is a cap on the process's memory for
 * them, whatever the number of requests. Waiting is bounded too, and a refusal is `unavailable`
 * (503), never an unbounded queue.
 */
export class TransferSlots {
  private active = 0;
  private readonly waiting: Array<{ grant: () => void; timer: NodeJS.Timeout }> = [];

  constructor(private readonly options: TransferSlotsOptions) {
    if (options.slots < 1) throw new Error('TransferSlots needs at least one slot');
  }

  /** Runs `transfer` once a slot is free and frees the slot when it settles. */
  async run<T>(transfer: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await transfer();
    } finally {
      this.release();
    }
  }

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.slots) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(busy('queue full'));
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(busy(`no slot within ${this.options.waitTimeoutMs} ms`));
        }, this.options.waitTimeoutMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next.grant();
    else this.active -= 1;
  }
}
