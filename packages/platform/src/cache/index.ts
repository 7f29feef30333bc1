import type { Cache, RateLimiter } from './cache';
import { MemoryCache } from './memory-cache';
import { MemoryRateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';
import { throttledWarn, type Logger } from '../logger';
import { RedisCache } from './redis-cache';

export * from './cache';
export * from './memory-cache';
export * from './rate-limiter';
export * from './redis-rate-limiter';
export * from './redis-cache';

export interface CreateCacheOptions {
  /** Redis key prefix, separator included; defaults to `inbox:`. */
  keyPrefix?: string;
  /** Where Redis trouble is reported (at most one line per 10 s); the process keeps answering. */
  logger?: Logger;
  /** Size bound of the memory cache. */
  maxEntries?: number;
}

/** Redis when a URL is configured (distributed mode), process memory otherwise (all-in-one mode). */
export function createCache(redisUrl: string | undefined, options: CreateCacheOptions = {}): Cache {
  if (!redisUrl) return new MemoryCache({ maxEntries: options.maxEntries });
  const onError = options.logger
    ? throttledWarn(options.logger, 'Redis failing: cache reads miss and rate limits count in memory')
    : undefined;
  return RedisCache.connect(redisUrl, { keyPrefix: options.keyPrefix ?? 'inbox:', onError });
}

/**
 * Pass the cache from `createCache`: a RedisCache lends its connection (and key prefix), so a
 * process opens one Redis connection for both, and while Redis fails this process limits in
 * memory; anything else gives a per-process limiter.
 */
export function createRateLimiter(cache: Cache | undefined): RateLimiter {
  return cache instanceof RedisCache
    ? new RedisRateLimiter(cache.client, cache.keyPrefix, {
        fallback: new MemoryRateLimiter(),
        onError: cache.onError,
      })
    : new MemoryRateLimiter();
}
