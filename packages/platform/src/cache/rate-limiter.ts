import type { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter } from './cache';

/*
 * Sliding-window approximation: counters for fixed windows (aligned to the epoch), with the hits
 * of the previous window weighted by the share of it still inside a window ending now. A fixed
 * window alone lets a client spend its limit at the end of one window and again at the start of
 * the next (2× in a moment); here those earlier hits still count almost fully just after the edge.
 * A hit is allowed when the estimate, this hit included, stays within the limit; refused hits are
 * not counted, so a client that keeps retrying is not locked out for longer.
 *
 * Both implementations below share this arithmetic; the Lua script repeats it for Redis.
 */

function estimate(previous: number, current: number, offsetMs: number, windowMs: number): number {
  return previous * (1 - offsetMs / windowMs) + current;
}

/**
 * The tolerance absorbs float error (10 * (1 - 0.1) may come out a hair above 9), which would
 * otherwise refuse a hit at exactly the moment Retry-After promised. The Lua script uses the same.
 */
function fits(limit: number, windowMs: number, offsetMs: number, previous: number, current: number): boolean {
  return estimate(previous, current, offsetMs, windowMs) + 1 <= limit + 1e-9;
}

/** Milliseconds until a hit would be allowed, if nothing else hits the key meanwhile. */
function waitMs(
  limit: number,
  windowMs: number,
  offsetMs: number,
  previous: number,
  current: number,
): number {
  const room = limit - 1; // the estimate a hit may find and still fit
  if (room < 0) return windowMs; // a limit below 1 refuses everything; ask again a window later
  if (current <= room && previous > 0) {
    // The previous window's weight decays linearly over the rest of this one.
    return Math.max(0, windowMs * (1 - offsetMs / windowMs - (room - current) / previous));
  }
  // This window's hits must first become the previous window's, then decay far enough.
  return windowMs - offsetMs + windowMs * (1 - room / current);
}

function decision(
  limit: number,
  windowMs: number,
  offsetMs: number,
  previous: number,
  current: number,
  allowed: boolean,
): RateLimitDecision {
  if (!allowed) {
    const seconds = Math.ceil(waitMs(limit, windowMs, offsetMs, previous, current) / 1000);
    return { allowed, remaining: 0, retryAfterSeconds: Math.max(1, seconds) };
  }
  const remaining = Math.max(0, Math.floor(limit - estimate(previous, current, offsetMs, windowMs) + 1e-9));
  return { allowed, remaining, retryAfterSeconds: 0 };
}

/** Returns whole milliseconds: the Lua script does integer window arithmetic, and both must agree. */
function checkedWindow(limit: number, windowMs: number): number {
  if (!Number.isFinite(limit)) throw new RangeError(`limit must be a finite number, got ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0)
    throw new RangeError(`windowMs must be a positive number, got ${windowMs}`);
  return Math.ceil(windowMs);
}

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
    if (allowed) current += 1;
    // Re-inserting keeps the Map ordered by last hit, so eviction drops the least recently used key.
    this.counters.delete(id);
    this.counters.set(id, { window, current, previous, staleAt: (window + 2) * w });
    for (const oldest of this.counters.keys()) {
      if (this.counters.size <= this.maxKeys) break;
      this.counters.delete(oldest);
    }
    return decision(limit, w, offsetMs, previous, current, allowed);
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.sweepIntervalMs;
    for (const [id, counters] of this.counters) if (counters.staleAt <= now) this.counters.delete(id);
  }
}

/**
 * KEYS[1]: hash {w = window index, c = hits in it, p = hits in the window before}; ARGV: limit, windowMs.
 * Uses Redis' clock so replicas with skewed clocks agree on windows. Replies with integers only
 * (Lua numbers are truncated to integers on the way out): {allowed 0|1, c, p, offset in window ms}.
 */
const SLIDING_WINDOW_LUA = `
if redis.replicate_commands then redis.replicate_commands() end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local index = math.floor(now / window)
local offset = now - index * window
local s = redis.call('HMGET', KEYS[1], 'w', 'c', 'p')
local w, c, p = tonumber(s[1]), tonumber(s[2]) or 0, tonumber(s[3]) or 0
if w == index - 1 then p, c = c, 0 elseif w ~= index then p, c = 0, 0 end
local allowed = 0
if p * (1 - offset / window) + c + 1 <= limit + 1e-9 then allowed, c = 1, c + 1 end
redis.call('HSET', KEYS[1], 'w', index, 'c', c, 'p', p)
redis.call('PEXPIRE', KEYS[1], 2 * window)
return {allowed, c, p, offset}
`;

const COMMAND = 'inboxRateLimitHit';
type HitReply = [allowed: number, current: number, previous: number, offsetMs: number];
interface ScriptedRedis {
  [COMMAND](key: string, limit: number, windowMs: number): Promise<HitReply>;
}

/**
 * Limiter shared by every gateway replica: one atomic script call (one round trip) per hit, keys
 * `<keyPrefix>rl:<windowMs>:<key>` expiring two windows after their last hit. Does not own the
 * connection (typically RedisCache's client); closing that closes this.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    readonly client: Redis,
    readonly keyPrefix: string,
  ) {
    // EVALSHA, falling back to EVAL when Redis lacks the script (first use, restart, failover).
    client.defineCommand(COMMAND, { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const w = checkedWindow(limit, windowMs);
    const redis = this.client as unknown as ScriptedRedis;
    const [allowed, current, previous, offsetMs] = await redis[COMMAND](
      `${this.keyPrefix}rl:${w}:${key}`,
      limit,
      w,
    );
    return decision(limit, w, offsetMs, previous, current, allowed === 1);
  }
}
