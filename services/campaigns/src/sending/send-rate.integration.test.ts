import { Redis } from 'ioredis';
import { acquireAll, largestLead, nextWait } from '../testing/send-rate-checks';
import { createRedisSendRate, type ClosableSendRateLimiter } from './send-rate';

const d = process.env.REDIS_URL ? describe : describe.skip;

d('Redis send rate', () => {
  const keyPrefix = `test:send-rate:${process.pid}:${Date.now()}:`;
  let a: ClosableSendRateLimiter;
  let b: ClosableSendRateLimiter;
  let client: Redis;

  beforeAll(() => {
    // Two replicas: each its own connection, as two worker processes would have.
    a = createRedisSendRate(process.env.REDIS_URL!, { keyPrefix });
    b = createRedisSendRate(process.env.REDIS_URL!, { keyPrefix });
    client = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await client.keys(`${keyPrefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
    await a.close();
    await b.close();
  });

  it('two limiters share one rate per number instead of doubling it', async () => {
    // 40 sends at 100/s take 390 ms from one bucket (two separate buckets: 190 ms).
    const { ms, order } = await acquireAll([a, b, a, b], 'pn-shared', 100, 10);
    expect(ms).toBeGreaterThanOrEqual(380);
    // Served in turn: a starving caller would take its 10 before the others get any (a lead of
    // 10); on a loaded machine Redis round trips reorder neighbours by a few (3 seen in CI).
    expect(largestLead(order, 4)).toBeLessThanOrEqual(5);
  });

  it("one replica's backOff holds the other's sends, for that number only", async () => {
    await a.acquire('pn-throttled', 4);
    await a.backOff('pn-throttled', 1_000);
    const other = nextWait(b, 'pn-other', 4);
    expect(await nextWait(b, 'pn-throttled', 4)).toBeGreaterThanOrEqual(980);
    expect(await other).toBeLessThan(500);
  });

  it('keeps one small key per number, which expires once the bucket is full again', async () => {
    await a.acquire('pn-key', 10);
    const key = `${keyPrefix}campaigns:send-rate:pn-key`;
    expect(await client.hgetall(key)).toEqual({ t: expect.stringMatching(/^\d+$/), o: '0' });
    const ttl = await client.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_100);
  });

  it('limits in memory while Redis is unreachable, without failing the send', async () => {
    const errors: unknown[] = [];
    const nowhere = createRedisSendRate('redis://127.0.0.1:1', { keyPrefix, onError: (e) => errors.push(e) });
    try {
      const { ms } = await acquireAll([nowhere, nowhere], 'pn-down', 50, 6);
      expect(ms).toBeGreaterThanOrEqual(215);
    } finally {
      await nowhere.close();
    }
  });

  it('while Redis is unreachable, each process paces at its share of the rate', async () => {
    const half = createRedisSendRate('redis://127.0.0.1:1', { keyPrefix, sharedBy: () => 2 });
    try {
      // 12 sends at 50/s shared by two processes: 25/s here, 11 × 40 ms (the whole rate: 11 × 20 ms).
      const { ms } = await acquireAll([half, half], 'pn-down-shared', 50, 6);
      expect(ms).toBeGreaterThanOrEqual(435);
    } finally {
      await half.close();
    }
  });
});
