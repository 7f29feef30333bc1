import { MemoryCache } from './memory-cache';

describe('MemoryCache', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('hands out copies, so neither the stored nor a returned object can be mutated through', async () => {
    const cache = new MemoryCache();
    const original = { name: 'ada', tags: ['x'] };
    await cache.set('k', original, 1_000);
    original.tags.push('changed-after-set');
    const first = await cache.get<typeof original>('k');
    expect(first).toEqual({ name: 'ada', tags: ['x'] });
    first!.tags.push('changed-after-get');
    expect(await cache.get('k')).toEqual({ name: 'ada', tags: ['x'] });
    expect(await cache.get('k')).not.toBe(await cache.get('k'));
  });

  it('round-trips through JSON like Redis does (a Date comes back as its ISO string)', async () => {
    const cache = new MemoryCache();
    await cache.set('d', { at: new Date(0) }, 1_000);
    expect(await cache.get('d')).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });

  it('expires entries on read after their ttl', async () => {
    const cache = new MemoryCache({ now: clock });
    await cache.set('k', 1, 100);
    now += 99;
    expect(await cache.get('k')).toBe(1);
    now += 1;
    expect(await cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('expires in real time too', async () => {
    const cache = new MemoryCache();
    await cache.set('k', 'v', 30);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await cache.get('k')).toBeUndefined();
  });

  it('evicts the least recently written entries beyond maxEntries', async () => {
    const cache = new MemoryCache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, key, 1_000);
    await cache.set('a', 'a2', 1_000); // rewriting makes 'a' the newest
    await cache.set('d', 'd', 1_000);
    expect(cache.size).toBe(3);
    expect(await cache.get('b')).toBeUndefined();
    expect([await cache.get('a'), await cache.get('c'), await cache.get('d')]).toEqual(['a2', 'c', 'd']);
  });

  it('treats undefined values and non-positive ttls as removal, and rejects infinite ttls', async () => {
    const cache = new MemoryCache();
    await cache.set('k', 1, 1_000);
    await cache.set('k', undefined, 1_000);
    expect(await cache.get('k')).toBeUndefined();
    await cache.set('k', 1, 1_000);
    await cache.set('k', 2, 0);
    expect(await cache.get('k')).toBeUndefined();
    await expect(cache.set('k', 1, Infinity)).rejects.toThrow(RangeError);
  });

  it('deletes several keys at once, keeps falsy values, and is always healthy', async () => {
    const cache = new MemoryCache();
    await cache.set('a', 0, 1_000);
    await cache.set('b', null, 1_000);
    await cache.set('c', false, 1_000);
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')]).toEqual([0, null, false]);
    await cache.del('a', 'b', 'missing');
    expect([await cache.get('a'), await cache.get('b'), await cache.get('c')]).toEqual([
      undefined,
      undefined,
      false,
    ]);
    expect(await cache.healthy()).toBe(true);
    await cache.close();
    expect(cache.size).toBe(0);
  });

  it('rejects a nonsensical size bound', () => {
    expect(() => new MemoryCache({ maxEntries: 0 })).toThrow(RangeError);
  });
});
