import { redisUnavailable, reportRedisTrouble } from '@inbox/platform';
import { Redis } from 'ioredis';
import type { SendRateLimiter } from '../deps';

/**
 * The send rate of a phone number, shared by every worker: a token bucket kept as GCRA (one
 * "theoretical arrival time" per number). A caller reserves the next free slot and sleeps until
 * it, so concurrent callers are served in the order they asked (fair) and a caller that wakes up
 * late loses no slot. `backOff` moves the number's next slot past a pause (WhatsApp's 130429).
 *
 * Capacity (the burst an idle number may send at once) defaults to one send: WhatsApp counts
 * sends per sliding second, so a bucket holding a second's worth would let twice the rate through
 * the first second after an idle spell and draw 130429s.
 */
export interface SendRateOptions {
  /** Sends an idle number may make at once (≥ 1); default 1. */
  capacity?: number;
}

export interface ClosableSendRateLimiter extends SendRateLimiter {
  close(): Promise<void>;
}

const US_PER_MS = 1000;
const US_PER_S = 1_000_000;

interface Bucket {
  intervalUs: number;
  toleranceUs: number;
}

function bucketOf(ratePerSecond: number, capacity: number): Bucket {
  if (!(ratePerSecond > 0) || !Number.isFinite(ratePerSecond))
    throw new RangeError(`send rate must be a positive number, got ${ratePerSecond}`);
  const intervalUs = Math.max(1, Math.round(US_PER_S / ratePerSecond));
  return { intervalUs, toleranceUs: (Math.max(1, Math.floor(capacity)) - 1) * intervalUs };
}

const sleep = (ms: number) =>
  ms <= 0 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, ms));
const nowUs = () => Math.round(performance.timeOrigin * US_PER_MS + performance.now() * US_PER_MS);

/** The all-in-one mode's limiter: one process, so one map of numbers is the whole truth. */
export function createMemorySendRate(options: SendRateOptions = {}): ClosableSendRateLimiter {
  const capacity = options.capacity ?? 1;
  /** Each number's theoretical arrival time (µs; in the past: a full bucket) and its last tolerance. */
  const buckets = new Map<string, { tat: number; toleranceUs: number }>();
  const prune = (now: number) => {
    if (buckets.size < 1000) return;
    for (const [id, b] of buckets) if (b.tat < now) buckets.delete(id);
  };
  const reserve = (phoneNumberId: string, ratePerSecond: number): number => {
    const { intervalUs, toleranceUs } = bucketOf(ratePerSecond, capacity);
    const now = nowUs();
    prune(now);
    const at = Math.max(buckets.get(phoneNumberId)?.tat ?? now, now);
    buckets.set(phoneNumberId, { tat: at + intervalUs, toleranceUs });
    return Math.max(0, at - toleranceUs - now);
  };
  return {
    acquire: async (phoneNumberId, ratePerSecond) =>
      sleep(Math.ceil(reserve(phoneNumberId, ratePerSecond) / US_PER_MS)),
    backOff: async (phoneNumberId, ms) => {
      const bucket = buckets.get(phoneNumberId) ?? { tat: 0, toleranceUs: 0 };
      // Empty at `until`: the next send goes then, the ones after it at the rate.
      const until = nowUs() + Math.max(0, ms) * US_PER_MS + bucket.toleranceUs;
      buckets.set(phoneNumberId, { ...bucket, tat: Math.max(bucket.tat, until) });
    },
    close: async () => undefined,
  };
}

/**
 * KEYS[1]: hash {t = the number's theoretical arrival time in µs (Redis' clock, so replicas
 * agree), o = the tolerance last used}. ARGV: mode (`acquire` | `backoff`), interval µs,
 * tolerance µs, backoff µs. acquire → µs to wait before sending; backoff → 0 (the bucket is empty
 * until then). The key expires once the bucket is full again.
 */
const GCRA_LUA = `
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local s = redis.call('HMGET', KEYS[1], 't', 'o')
local tat = tonumber(s[1]) or now
local tolerance = tonumber(s[2]) or 0
if tat < now then tat = now end
local wait = 0
if ARGV[1] == 'acquire' then
  tolerance = tonumber(ARGV[3])
  wait = tat - tolerance - now
  if wait < 0 then wait = 0 end
  tat = tat + tonumber(ARGV[2])
else
  local untilAt = now + tonumber(ARGV[4]) + tolerance
  if untilAt > tat then tat = untilAt end
end
redis.call('HSET', KEYS[1], 't', string.format('%.0f', tat), 'o', string.format('%.0f', tolerance))
redis.call('PEXPIRE', KEYS[1], math.floor((tat - now) / 1000) + 1000)
return wait
`;

const COMMAND = 'campaignsSendRate';
interface ScriptedRedis {
  [COMMAND](
    key: string,
    mode: 'acquire' | 'backoff',
    intervalUs: number,
    toleranceUs: number,
    backoffUs: number,
  ): Promise<number>;
}

export interface RedisSendRateOptions extends SendRateOptions {
  /** Prepended to keys, separator included; default `inbox:`. */
  keyPrefix?: string;
  /** Redis failures, each absorbed by the per-process fallback (for logging). */
  onError?: (err: unknown) => void;
  /**
   * How many processes send for the numbers (the send queue's consumers, send-consumers.ts): while
   * Redis fails, each paces at rate ÷ that, so together they keep to the rate. Default 1.
   */
  sharedBy?: () => number;
}

/**
 * The distributed mode's limiter: one bucket per number in Redis, so two worker replicas share
 * one rate instead of doubling it. Give a URL (the limiter owns its connection) or a client (the
 * caller owns it). While Redis fails, each process limits in memory at its share of the rate
 * (`sharedBy`; a replica started or gone since the last count shifts it a little, and WhatsApp's
 * 130429 then slows them): sends slow down, they never stop on Redis.
 */
export function createRedisSendRate(
  redis: string | Redis,
  options: RedisSendRateOptions = {},
): ClosableSendRateLimiter {
  const owned = typeof redis === 'string';
  const client =
    typeof redis === 'string'
      ? new Redis(redis, {
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          commandTimeout: 1_000,
          disconnectTimeout: 200,
        })
      : redis;
  const onError = options.onError ?? (() => undefined);
  if (owned) reportRedisTrouble(client, onError);
  client.defineCommand(COMMAND, { numberOfKeys: 1, lua: GCRA_LUA });
  const scripted = client as unknown as ScriptedRedis;
  const capacity = options.capacity ?? 1;
  const fallback = createMemorySendRate({ capacity });
  const key = (phoneNumberId: string) =>
    `${options.keyPrefix ?? 'inbox:'}campaigns:send-rate:${phoneNumberId}`;
  const alone = (phoneNumberId: string, ratePerSecond: number) =>
    fallback.acquire(phoneNumberId, ratePerSecond / Math.max(1, options.sharedBy?.() ?? 1));

  return {
    acquire: async (phoneNumberId, ratePerSecond) => {
      const { intervalUs, toleranceUs } = bucketOf(ratePerSecond, capacity);
      if (redisUnavailable(client)) return alone(phoneNumberId, ratePerSecond);
      let waitUs: number;
      try {
        waitUs = Number(await scripted[COMMAND](key(phoneNumberId), 'acquire', intervalUs, toleranceUs, 0));
      } catch (err) {
        onError(err);
        return alone(phoneNumberId, ratePerSecond);
      }
      await sleep(Math.ceil(waitUs / US_PER_MS));
    },
    backOff: async (phoneNumberId, ms) => {
      await fallback.backOff(phoneNumberId, ms);
      if (redisUnavailable(client)) return;
      try {
        await scripted[COMMAND](key(phoneNumberId), 'backoff', 1, 0, Math.max(0, Math.round(ms * US_PER_MS)));
      } catch (err) {
        onError(err);
      }
    },
    close: async () => {
      if (owned) await client.quit().catch(() => client.disconnect());
    },
  };
}
