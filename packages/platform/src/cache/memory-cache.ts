import type { Cache } from './cache';

export interface MemoryCacheOptions {
  /** Beyond this many keys the oldest-written ones are dropped. */
  maxEntries?: number;
  /** Clock in epoch milliseconds; injectable so tests need neither sleeps nor fake timers. */
  now?: () => number;
}

interface Entry {
  json: string;
  expiresAt: number;
}

/**
 * The all-in-one mode's cache. Values are kept as JSON text, so every `get` hands out a fresh copy
 * (callers cannot mutate what is cached) and values round-trip exactly as through Redis — a Date
 * comes back as a string in both modes rather than only in the distributed one.
 *
 * Expiry is checked on read and the size is bounded instead of sweeping on a timer: a timer would
 * keep the process (and jest) alive, and the bound already caps the memory held by expired entries.
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 50_000;
    if (!Number.isInteger(this.maxEntries) || this.maxEntries < 1)
      throw new RangeError(`maxEntries must be a positive integer, got ${this.maxEntries}`);
    this.now = options.now ?? Date.now;
  }

  /** Keys held, expired ones not yet read included (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return JSON.parse(entry.json) as T;
  }

  /** A value with no JSON form (undefined) or a ttl ≤ 0 removes the key, as it would be unreadable anyway. */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    if (!Number.isFinite(ttlMs)) throw new RangeError(`ttlMs must be a finite number, got ${ttlMs}`);
    const json = JSON.stringify(value) as string | undefined;
    // Deleting first moves a rewritten key to the newest end of the Map's insertion order,
    // so eviction below drops the least recently written keys.
    this.entries.delete(key);
    if (json === undefined || ttlMs <= 0) return;
    this.entries.set(key, { json, expiresAt: this.now() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  async del(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
