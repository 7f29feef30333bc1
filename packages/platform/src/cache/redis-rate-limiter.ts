import type { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter } from './cache';
import { redisUnavailable } from './redis-cache';
import { checkedWindow, decision } from './sliding-window';

/**
 * KEYS[1]: hash {w = window index, c = hits in it, p = hits in the window before}; ARGV: limit,
 * windowMs, mode (`hit` counts an allowed hit, `peek` only decides, `refund` takes one hit back).
 * Uses Redis' clock so replicas with skewed clocks agree on windows. Replies with integers only
 * (Lua numbers are truncated to integers on the way out): {allowed 0|1, c, p, offset in window ms}.
 */
const SLIDING_WINDOW_LUA = `
if redis.replicate_commands then redis.replicate_commands() end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local mode = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local index = math.floor(now / window)
local offset = now - index * window
local s = redis.call('HMGET', KEYS[1], 'w', 'c', 'p')
local w, c, p = tonumber(s[1]), tonumber(s[2]) or 0, tonumber(s[3]) or 0
if w == index - 1 then p, c = c, 0 elseif w ~= index then p, c = 0, 0 end
local allowed = 0
if p * (1 - offset / window) + c + 1 <= limit + 1e-9 then allowed = 1 end
if mode == 'hit' and allowed == 1 then c = c + 1 end
if mode == 'refund' then
  if c > 0 then c = c - 1 elseif p > 0 then p = p - 1 end
end
if mode ~= 'peek' then
  redis.call('HSET', KEYS[1], 'w', index, 'c', c, 'p', p)
  redis.call('PEXPIRE', KEYS[1], 2 * window)
end
return {allowed, c, p, offset}
`;

const COMMAND = 'inboxRateLimit';
type Mode = 'hit' | 'peek' | 'refund';
type Reply = [allowed: number, current: number, previous: number, offsetMs: number];
interface ScriptedRedis {
  [COMMAND](key: string, limit: number, windowMs: number, mode: Mode): Promise<Reply>;
}

export interface RedisRateLimiterOptions {
  /** Decides while Redis fails (per process); without one, Redis errors propagate. */
  fallback?: RateLimiter;
  /** Each Redis failure that the fallback absorbed (throttle the logging). */
  onError?: (err: unknown) => void;
}

/**
 * Limiter shared by every gateway replica: one atomic script call per operation, keys
 * `<keyPrefix>rl:<windowMs>:<key>` expiring two windows after their last hit. Does not own the
 * connection (typically RedisCache's client); closing that closes this. Redis is a limiter, not a
 * reason to refuse service: while it fails, the fallback (a MemoryRateLimiter) decides.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    readonly client: Redis,
    readonly keyPrefix: string,
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    // EVALSHA, falling back to EVAL when Redis lacks the script (first use, restart, failover).
    client.defineCommand(COMMAND, { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.run('hit', key, limit, windowMs, (f) => f.hit(key, limit, windowMs));
  }

  peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.run('peek', key, limit, windowMs, (f) => f.peek(key, limit, windowMs));
  }

  async refund(key: string, windowMs: number): Promise<void> {
    await this.run('refund', key, 1, windowMs, async (f) => {
      await f.refund(key, windowMs);
      return { allowed: true, remaining: 0, retryAfterSeconds: 0 };
    });
  }

  private async run(
    mode: Mode,
    key: string,
    limit: number,
    windowMs: number,
    fallback: (limiter: RateLimiter) => Promise<RateLimitDecision>,
  ): Promise<RateLimitDecision> {
    const w = checkedWindow(limit, windowMs);
    const { fallback: backup, onError } = this.options;
    if (backup && redisUnavailable(this.client)) return fallback(backup);
    try {
      // Called synchronously: with auto-pipelining, commands issued together share a round trip.
      const redis = this.client as unknown as ScriptedRedis;
      const reply = await redis[COMMAND](`${this.keyPrefix}rl:${w}:${key}`, limit, w, mode);
      const [allowed, current, previous, offsetMs] = reply;
      return decision(limit, w, offsetMs, previous, current, allowed === 1);
    } catch (err) {
      if (!backup) throw err;
      onError?.(err);
      return fallback(backup);
    }
  }
}
