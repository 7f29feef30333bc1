import { throughputCap, type SendLimitsConfig } from './config';

/** Why a send was refused: Meta's 130429 (the number's throughput) or 131056 (the pair rate). */
export type LimitRefusal = 130429 | 131056;

const WINDOW_MS = 1000;

/**
 * Meta's send limits, per phone number id: at most `throughputCap` sends in any sliding second
 * (130429), and per (number, recipient) a token bucket of `pairRateLimit.burst` sends refilled one per
 * `intervalMs` (131056). A refused send uses no quota. Memory: one second of send times per number,
 * and one bucket per recipient only until it is full again (pruned as sends come in).
 */
export class SendLimiter {
  private readonly windows = new Map<string, { times: number[]; head: number }>();
  private readonly pairs = new Map<string, { tokens: number; at: number }>();
  private nextPrune = 0;

  /** Takes one send's quota, or says which limit refused it. */
  take(config: SendLimitsConfig, phoneNumberId: string, waId: string, now: number): LimitRefusal | undefined {
    const window = this.windowOf(phoneNumberId, now);
    if (config.enforceThroughput) {
      const cap = throughputCap(config);
      const inWindow = window.times.length - window.head;
      if (inWindow >= cap) {
        return 130429;
      }
    }
    const key = `${phoneNumberId}:${waId}`;
    const { burst, intervalMs } = config.pairRateLimit;
    const pair = this.pairs.get(key);
    const tokens = pair ? Math.min(burst, pair.tokens + (now - pair.at) / intervalMs) : burst;
    if (config.enforcePairRate && tokens < 1) {
      return 131056;
    }
    this.pairs.set(key, { tokens: tokens - 1, at: now });
    window.times.push(now);
    this.prune(config, now);
    return undefined;
  }

  /** Sends in the last second of a number (what the cap is compared with). */
  inLastSecond(phoneNumberId: string, now: number): number {
    const window = this.windowOf(phoneNumberId, now);
    return window.times.length - window.head;
  }

  reset(): void {
    this.windows.clear();
    this.pairs.clear();
  }

  private windowOf(phoneNumberId: string, now: number) {
    let window = this.windows.get(phoneNumberId);
    if (!window) {
      window = { times: [], head: 0 };
      this.windows.set(phoneNumberId, window);
    }
    while (window.head < window.times.length && window.times[window.head] <= now - WINDOW_MS) window.head++;
    if (window.head > 1024 && window.head * 2 > window.times.length) {
      window.times.splice(0, window.head);
      window.head = 0;
    }
    return window;
  }

  /** Forgets buckets that are full again (a fresh bucket is the same), at most once a second. */
  private prune(config: SendLimitsConfig, now: number): void {
    if (now < this.nextPrune) return;
    this.nextPrune = now + WINDOW_MS;
    const { burst, intervalMs } = config.pairRateLimit;
    for (const [key, pair] of this.pairs) {
      if (pair.tokens + (now - pair.at) / intervalMs >= burst) this.pairs.delete(key);
    }
  }
}
