import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { DurableStore } from './durable-store';

// The embedded bus's parking bounds; RabbitMQ's are in rabbitmq-alarm.test.ts.
describe('parked deliveries of the durable bus', () => {
  let database: Database;
  let store: DurableStore;
  beforeAll(async () => {
    database = await openTestDatabase();
    store = new DurableStore(database.db);
    await store.createSchema();
  });
  afterAll(() => database?.close());

  /** Stores, claims and parks one delivery per body on `queue`. */
  async function parkAll(
    queue: string,
    bodies: string[],
    bounds = { maxLength: 2, maxBytes: 1e6, ttlMs: 60_000 },
  ) {
    for (const body of bodies) {
      await store.insert([{ queue, body, headers: {} }]);
      const [claimed] = await store.claim(queue, 1, new Date());
      await store.park(claimed.id, 'failed', 1, bounds);
    }
  }
  const parkedBodies = async (queue: string) => (await store.parked(queue)).map((row) => row.body);

  it('keeps at most maxLength parked messages per queue, dropping the oldest', async () => {
    await parkAll('bounded.a', ['1', '2', '3']);
    await parkAll('bounded.b', ['x']);
    expect(await parkedBodies('bounded.a')).toEqual(['2', '3']);
    expect(await parkedBodies('bounded.b')).toEqual(['x']); // other queues keep theirs
  });

  it('keeps at most maxBytes of parked bodies', async () => {
    await parkAll('bounded.bytes', ['aaaa', 'bbbb', 'cccc'], { maxLength: 10, maxBytes: 9, ttlMs: 60_000 });
    expect(await parkedBodies('bounded.bytes')).toEqual(['bbbb', 'cccc']);
  });

  it('drops parked messages older than the TTL when the next one is parked', async () => {
    await parkAll('bounded.ttl', ['old']);
    await database.db.execute(sql`update bus.deliveries set parked_at = now() - interval '2 minutes'
      where queue = 'bounded.ttl'`);
    await parkAll('bounded.ttl', ['new']);
    expect(await parkedBodies('bounded.ttl')).toEqual(['new']);
  });
});
