import type { Cache, RateLimiter } from './cache';
import { MemoryCache } from './memory-cache';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter';
import { RedisCache } from './redis-cache';

export * from './cache';
export * from './memory-cache';
export * from './rate-limiter';
export * from './redis-cache';

export interface CreateCacheOptions {
  /** Redis key prefix, separator included; defaults to `inbox:`. */
  keyPrefix?: string;
  /** Redis connection errors, for logging. */
  onError?: (err: Error) => void;
  /** Size bound of the memory cache. */
  maxEntries?: number;
}

/** Redis when a URL is configured (distributed mode), process memory otherwise (all-in-one mode). */
export function createCache(redisUrl: string | undefined, options: CreateCacheOptions = {}): Cache {
  if (!redisUrl) return new MemoryCache({ maxEntries: options.maxEntries });
  return RedisCache.connect(redisUrl, { keyPrefix: options.keyPrefix ?? 'inbox:', onError: options.onError });
}

/**
 * Pass the cache from `createCache`: a RedisCache lends its connection (and key prefix), so a
 * process opens one Redis connection for both; anything else gives a per-process limiter.
 */
export function createRateLimiter(cache: Cache | undefined): RateLimiter {
  return cache instanceof RedisCache
    ? new RedisRateLimiter(cache.client, cache.keyPrefix)
    : new MemoryRateLimiter();
}
