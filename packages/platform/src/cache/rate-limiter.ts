import type { RateLimitDecision, RateLimiter } from './cache';
import { checkedWindow, decision, fits, undoOne } from './sliding-window';

export interface MemoryRateLimiterOptions {
  /** Keys tracked at most; beyond it the least recently hit key is forgotten (its count restarts). */
  maxKeys?: number;
  /** How often, at most, a hit also scans for and drops windows that have gone stale. */
  sweepIntervalMs?: number;
  /** Clock in epoch milliseconds; injectable so tests control window edges exactly. */
  now?: () => number;
}

interface Counters {
  window: number;
  current: number;
  previous: number;
  /** After this the counters can no longer affect a decision. */
  staleAt: number;
}

/** Per-process limiter for the all-in-one mode. Pruned during hits, so no timer keeps the process alive. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counters>();
  private readonly maxKeys: number;
  private readonly sweepIntervalMs: number;
  private readonly now: () => number;
  private nextSweepAt = 0;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** Keys currently tracked (for tests and metrics). */
  get size(): number {
    return this.counters.size;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.apply('hit', key, limit, windowMs);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.apply('peek', key, limit, windowMs);
  }

  async refund(key: string, windowMs: number): Promise<void> {
    await this.apply('refund', key, 1, windowMs);
  }

  private apply(mode: 'hit' | 'peek' | 'refund', key: string, limit: number, windowMs: number) {
    const w = checkedWindow(limit, windowMs);
    const now = this.now();
    this.sweep(now);
    const id = `${w}:${key}`; // the same key under another window size is a different counter
    const window = Math.floor(now / w);
    const offsetMs = now - window * w;
    const old = this.counters.get(id);
    let current = 0;
    let previous = 0;
    if (old?.window === window) ({ current, previous } = old);
    else if (old?.window === window - 1) previous = old.current;
    const allowed = fits(limit, w, offsetMs, previous, current);
    if (mode === 'hit' && allowed) current += 1;
    // A refunded hit may have landed in the window before this one.
    if (mode === 'refund') [current, previous] = undoOne(current, previous);
    if (mode !== 'peek') this.store(id, { window, current, previous, staleAt: (window + 2) * w });
    return decision(limit, w, offsetMs, previous, current, allowed);
  }

  private store(id: string, counters: Counters): void {
    // Re-inserting keeps the Map ordered by last hit, so eviction drops the least recently used key.
    this.counters.delete(id);
    this.counters.set(id, counters);
    for (const oldest of this.counters.keys()) {
      if (this.counters.size <= this.maxKeys) break;
      this.counters.delete(oldest);
    }
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.sweepIntervalMs;
    for (const [id, counters] of this.counters) if (counters.staleAt <= now) this.counters.delete(id);
  }
}
