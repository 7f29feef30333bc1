import net from 'node:net';
import { RedisCache } from './redis-cache';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RedisCache without a server', () => {
  it('misses, drops writes and reports unhealthy quickly, without throwing; closes', async () => {
    const errors: unknown[] = [];
    const cache = RedisCache.connect('redis://127.0.0.1:1', {
      keyPrefix: 'nowhere:',
      onError: (err) => errors.push(err),
      healthTimeoutMs: 300,
    });
    const started = Date.now();
    expect(await cache.healthy()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    // A cache that is down is a miss, never an error for the caller.
    await cache.set('k', 'v', 1_000);
    expect(await cache.get('k')).toBeUndefined();
    await cache.del('k');
    await cache.close();
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('RedisCache behind a proxy whose Redis is gone', () => {
  it('reports the lost connection, though no connection error is emitted', async () => {
    // Accepts each connection and drops it at once, as a TCP proxy does when Redis is down.
    const proxy = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as net.AddressInfo;
    const errors: unknown[] = [];
    const cache = RedisCache.connect(`redis://127.0.0.1:${port}`, {
      keyPrefix: 'proxied:',
      onError: (err) => errors.push(err),
    });
    try {
      for (let waited = 0; errors.length === 0 && waited < 5_000; waited += 20) await sleep(20);
      expect(String(errors[0])).toMatch(/Redis connection lost/);
      expect(await cache.get('k')).toBeUndefined();
    } finally {
      await cache.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

const d = process.env.REDIS_URL ? describe : describe.skip;

d('RedisCache', () => {
  const prefix = `test:redis-cache:${process.pid}:${Date.now()}:`;
  let cache: RedisCache;
  let other: RedisCache;

  beforeAll(() => {
    cache = RedisCache.connect(process.env.REDIS_URL!, { keyPrefix: `${prefix}a:` });
    other = RedisCache.connect(process.env.REDIS_URL!, { keyPrefix: `${prefix}b:` });
  });
  afterAll(async () => {
    const keys = await cache.client.keys(`${prefix}*`);
    if (keys.length > 0) await cache.client.del(...keys);
    await cache.close();
    await other.close();
  });

  it('round-trips JSON values under the prefix, with a PX expiry', async () => {
    await cache.set('user:1', { name: 'ada', roles: ['admin'], active: true }, 5_000);
    expect(await cache.get('user:1')).toEqual({ name: 'ada', roles: ['admin'], active: true });
    expect(await cache.client.get(`${prefix}a:cache:user:1`)).toBe(
      '{"name":"ada","roles":["admin"],"active":true}',
    );
    const ttl = await cache.client.pttl(`${prefix}a:cache:user:1`);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect(await cache.get('missing')).toBeUndefined();
  });

  it('expires values', async () => {
    await cache.set('short', 'v', 100);
    expect(await cache.get('short')).toBe('v');
    await sleep(150);
    expect(await cache.get('short')).toBeUndefined();
  });

  it('keeps deployments with different prefixes apart', async () => {
    await cache.set('shared', 'a', 5_000);
    await other.set('shared', 'b', 5_000);
    expect([await cache.get('shared'), await other.get('shared')]).toEqual(['a', 'b']);
  });

  it('deletes several keys (or none), and treats undefined or ttl ≤ 0 as removal', async () => {
    await cache.set('x', 1, 5_000);
    await cache.set('y', 0, 5_000);
    await cache.set('z', null, 5_000);
    expect([await cache.get('x'), await cache.get('y'), await cache.get('z')]).toEqual([1, 0, null]);
    await cache.del('x', 'y');
    await cache.del();
    expect([await cache.get('x'), await cache.get('y')]).toEqual([undefined, undefined]);
    await cache.set('z', undefined, 5_000);
    expect(await cache.get('z')).toBeUndefined();
    await cache.set('w', 1, 5_000);
    await cache.set('w', 1, 0);
    expect(await cache.get('w')).toBeUndefined();
  });

  it('is healthy while connected and not after close', async () => {
    const temp = RedisCache.connect(process.env.REDIS_URL!, { keyPrefix: prefix });
    expect(await temp.healthy()).toBe(true);
    await Promise.all([temp.close(), temp.close()]);
    expect(temp.client.status).toBe('end');
    expect(await temp.healthy()).toBe(false);
  });
});
