import { Redis } from 'ioredis';
import type { RateLimiter } from './cache';
import { MemoryRateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';
import { RedisCache } from './redis-cache';
import { createRateLimiter } from './index';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contract both implementations meet, in real time. */
function behavesLikeARateLimiter(limiter: () => RateLimiter) {
  it('allows exactly `limit` hits, then refuses with a Retry-After', async () => {
    // A long window, so no window edge falls inside the test.
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter().hit('exact', 3, 10_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(results[0].retryAfterSeconds).toBe(0);
    for (const refused of results.slice(3)) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(20);
    }
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter().hit('concurrent', 7, 10_000)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });

  it('keeps keys, and window sizes of one key, independent', async () => {
    expect((await limiter().hit('a', 1, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('a', 1, 10_000)).allowed).toBe(false);
    expect((await limiter().hit('b', 1, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('a', 1, 20_000)).allowed).toBe(true);
  });

  it('starts over once the window has passed', async () => {
    expect((await limiter().hit('reset', 2, 300)).allowed).toBe(true);
    expect((await limiter().hit('reset', 2, 300)).allowed).toBe(true);
    expect((await limiter().hit('reset', 2, 300)).allowed).toBe(false);
    // The previous window still weighs in after one window; after two nothing of it is left.
    await sleep(650);
    expect(await limiter().hit('reset', 2, 300)).toEqual({
      allowed: true,
      remaining: 1,
      retryAfterSeconds: 0,
    });
  });

  it('peeks without counting, and a refund gives one hit back', async () => {
    expect((await limiter().peek('peek', 2, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('peek', 2, 10_000)).allowed).toBe(true);
    expect((await limiter().peek('peek', 2, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('peek', 2, 10_000)).allowed).toBe(true);
    expect((await limiter().peek('peek', 2, 10_000)).allowed).toBe(false);
    await limiter().refund('peek', 10_000);
    expect((await limiter().peek('peek', 2, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('peek', 2, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('peek', 2, 10_000)).allowed).toBe(false);
    await limiter().refund('never-hit', 10_000); // nothing to give back: no error, no negative count
    expect((await limiter().hit('never-hit', 1, 10_000)).allowed).toBe(true);
    expect((await limiter().hit('never-hit', 1, 10_000)).allowed).toBe(false);
  });

  it('refuses a limit below 1 and rejects invalid windows', async () => {
    expect(await limiter().hit('zero', 0, 1_000)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 1,
    });
    await expect(limiter().hit('bad', 1, 0)).rejects.toThrow(RangeError);
  });
}

describe('MemoryRateLimiter', () => {
  const limiter = new MemoryRateLimiter();
  behavesLikeARateLimiter(() => limiter);

  it('does not let a burst at a window edge double the limit', async () => {
    let now = 999; // last millisecond of window 0
    const edge = new MemoryRateLimiter({ now: () => now });
    const burst = async (n: number) =>
      (await Promise.all(Array.from({ length: n }, () => edge.hit('k', 10, 1_000)))).filter((r) => r.allowed)
        .length;
    expect(await burst(20)).toBe(10);
    now = 1_000; // a fixed window would allow 10 more here
    expect(await burst(20)).toBe(0);
    now = 1_500; // half of window 0 has slid out
    expect(await burst(20)).toBe(5);
  });

  it('gives a Retry-After after which the next hit is allowed, and not a second earlier', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let scenario = 0; scenario < 200; scenario++) {
      let now = Math.floor(random() * 1e9);
      const limiter = new MemoryRateLimiter({ now: () => now });
      const windowMs = 1_000 + Math.floor(random() * 59_000);
      const limit = 1 + Math.floor(random() * 20);
      let decision = await limiter.hit('k', limit, windowMs);
      while (decision.allowed) {
        now += Math.floor(random() * (windowMs / limit));
        decision = await limiter.hit('k', limit, windowMs);
      }
      const refusedAt = now;
      if (decision.retryAfterSeconds > 1) {
        now = refusedAt + (decision.retryAfterSeconds - 1) * 1_000; // a refused hit changes no counts
        expect((await limiter.hit('k', limit, windowMs)).allowed).toBe(false);
      }
      now = refusedAt + decision.retryAfterSeconds * 1_000;
      expect((await limiter.hit('k', limit, windowMs)).allowed).toBe(true);
    }
  });

  it('forgets stale windows and bounds the number of keys', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now, maxKeys: 50, sweepIntervalMs: 1_000 });
    for (let i = 0; i < 80; i++) await limiter.hit(`k${i}`, 5, 100);
    expect(limiter.size).toBe(50);
    now = 1_000;
    await limiter.hit('fresh', 5, 100);
    expect(limiter.size).toBe(1);
  });
});

const d = process.env.REDIS_URL ? describe : describe.skip;

d('RedisRateLimiter', () => {
  const prefix = `test:rate-limiter:${process.pid}:${Date.now()}:`;
  let client: Redis;
  let limiter: RedisRateLimiter;

  beforeAll(() => {
    client = new Redis(process.env.REDIS_URL!);
    limiter = new RedisRateLimiter(client, prefix);
  });
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  behavesLikeARateLimiter(() => limiter);

  it('stores one hash per key that expires on its own', async () => {
    await limiter.hit('ttl', 5, 300);
    const key = `${prefix}rl:300:ttl`;
    expect(await client.hgetall(key)).toMatchObject({ c: '1', p: '0' });
    const ttl = await client.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});

describe('RedisRateLimiter while Redis is down', () => {
  it('limits in this process instead of failing, and reports the error', async () => {
    const errors: unknown[] = [];
    const cache = RedisCache.connect('redis://127.0.0.1:1', {
      keyPrefix: 'down:',
      onError: (err) => errors.push(err),
    });
    const limiter = createRateLimiter(cache);
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.hit('k', 3, 10_000)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect(errors.length).toBeGreaterThan(0);
    await cache.close();
  });
});
