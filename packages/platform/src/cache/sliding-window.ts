import type { RateLimitDecision } from './cache';

/*
 * Sliding-window approximation: counters for fixed windows (aligned to the epoch), with the hits
 * of the previous window weighted by the share of it still inside a window ending now. A fixed
 * window alone lets a client spend its limit at the end of one window and again at the start of
 * the next (2× in a moment); here those earlier hits still count almost fully just after the edge.
 * A hit is allowed when the estimate, this hit included, stays within the limit; refused hits are
 * not counted, so a client that keeps retrying is not locked out for longer.
 *
 * MemoryRateLimiter and RedisRateLimiter share this arithmetic; the Lua script repeats it for Redis.
 */

export function estimate(previous: number, current: number, offsetMs: number, windowMs: number): number {
  return previous * (1 - offsetMs / windowMs) + current;
}

/**
 * The tolerance absorbs float error (10 * (1 - 0.1) may come out a hair above 9), which would
 * otherwise refuse a hit at exactly the moment Retry-After promised. The Lua script uses the same.
 */
export function fits(
  limit: number,
  windowMs: number,
  offsetMs: number,
  previous: number,
  current: number,
): boolean {
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

export function decision(
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
export function checkedWindow(limit: number, windowMs: number): number {
  if (!Number.isFinite(limit)) throw new RangeError(`limit must be a finite number, got ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0)
    throw new RangeError(`windowMs must be a positive number, got ${windowMs}`);
  return Math.ceil(windowMs);
}

/** Takes back one counted hit: from this window if it has any, else from the one before. */
export function undoOne(current: number, previous: number): [current: number, previous: number] {
  if (current > 0) return [current - 1, previous];
  return [0, Math.max(0, previous - 1)];
}
