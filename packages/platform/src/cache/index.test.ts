import {
  MemoryCache,
  MemoryRateLimiter,
  RedisCache,
  RedisRateLimiter,
  createCache,
  createRateLimiter,
} from './index';

describe('cache factories', () => {
  it('use memory without a Redis URL', async () => {
    const cache = createCache(undefined);
    expect(cache).toBeInstanceOf(MemoryCache);
    expect(createRateLimiter(cache)).toBeInstanceOf(MemoryRateLimiter);
    expect(createRateLimiter(undefined)).toBeInstanceOf(MemoryRateLimiter);
    expect(createCache('')).toBeInstanceOf(MemoryCache);
    await cache.close();
  });

  const withRedis = process.env.REDIS_URL ? it : it.skip;
  withRedis('use Redis with a URL, the rate limiter sharing the cache connection', async () => {
    const prefix = `test:factory:${process.pid}:${Date.now()}:`;
    const cache = createCache(process.env.REDIS_URL, { keyPrefix: prefix });
    expect(cache.kind).toBe('redis');
    const limiter = createRateLimiter(cache);
    expect(limiter).toBeInstanceOf(RedisRateLimiter);
    if (!(cache instanceof RedisCache)) throw new Error('expected a RedisCache');
    const redisCache = cache;
    expect((limiter as RedisRateLimiter).client).toBe(redisCache.client);
    expect((await limiter.hit('k', 1, 1_000)).allowed).toBe(true);
    expect(await redisCache.client.exists(`${prefix}rl:1000:k`)).toBe(1);
    await redisCache.client.del(`${prefix}rl:1000:k`);
    await cache.close();
  });
});
