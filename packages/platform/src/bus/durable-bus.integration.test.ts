import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import type { DeliveryInfo, OutgoingEvent } from './bus';
import { DurableBus } from './durable-bus';

// The semantics shared with the other buses are in event-bus.integration.test.ts; these are about surviving the process.

let seq = 0;
const makeEvent = (type: string): OutgoingEvent => ({
  envelope: { id: `evt-${++seq}`, type, orgId: 1, occurredAt: new Date().toISOString(), data: {} },
  headers: { 'x-request-id': `req-${seq}` },
});

async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

let database: Database;
const open = () => DurableBus.open(database, createLogger('test'), { pollMs: 50 });
const opened: DurableBus[] = [];
/** A bus of this test, closed afterwards; opening a second one on the same database is a restart. */
async function start(): Promise<DurableBus> {
  const bus = await open();
  opened.push(bus);
  return bus;
}
const stored = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from bus.deliveries`))[0].n;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await open().then((bus) => bus.close()); // creates the tables
  await database.db.execute(sql`truncate bus.deliveries, bus.bindings`);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

describe('DurableBus', () => {
  it('keeps published events, and the bindings that route them, across restarts', async () => {
    const first = await start();
    await first.subscribe({ queue: 'orders', bindings: ['order.#'] }, async () => {
      throw new Error('not this process');
    });
    await first.close();

    // Restarted: nobody consumes yet, but the queue exists, as on a broker.
    const second = await start();
    const events = [makeEvent('order.placed.v1'), makeEvent('order.paid.v1'), makeEvent('user.added.v1')];
    await second.publish(events);
    expect(await stored()).toBe(2); // committed when publish resolved; the unbound one went nowhere
    await second.close();

    const third = await start();
    const seen: Array<[string, DeliveryInfo]> = [];
    await third.subscribe({ queue: 'orders', bindings: ['order.#'] }, async (event, info) => {
      seen.push([event.id, info]);
    });
    await eventually(() => seen.length === 2);
    expect(seen.map(([id]) => id)).toEqual([events[0].envelope.id, events[1].envelope.id]);
    expect(seen[0][1]).toEqual({ attempt: 1, headers: events[0].headers, queue: 'orders' });
    await eventually(async () => (await stored()) === 0); // done means deleted
  });

  it('delivers an event in flight when the process died again, counting that attempt', async () => {
    const crashed = await start();
    let started = 0;
    await crashed.subscribe({ queue: 'jobs', bindings: ['job.#'], prefetch: 1 }, async () => {
      started++;
      await new Promise(() => undefined); // the process dies during the handler
    });
    const event = makeEvent('job.run.v1');
    await crashed.publish([event]);
    await eventually(() => started === 1);

    const restarted = await start();
    const attempts: number[] = [];
    await restarted.subscribe({ queue: 'jobs', bindings: ['job.#'], maxAttempts: 3 }, async (e, info) => {
      if (e.id === event.envelope.id) attempts.push(info.attempt);
    });
    await eventually(() => attempts.length === 1);
    expect(attempts).toEqual([2]);
    opened.splice(opened.indexOf(crashed), 1); // its handler never returns: leave it, as the dead process
  });

  it('parks instead of delivering an event that was in flight at every one of its attempts', async () => {
    const crashed = await start();
    let started = 0;
    await crashed.subscribe({ queue: 'poison', bindings: ['p.#'], prefetch: 1 }, async () => {
      started++;
      await new Promise(() => undefined);
    });
    await crashed.publish([makeEvent('p.v1')]);
    await eventually(() => started === 1);
    opened.splice(opened.indexOf(crashed), 1);

    const restarted = await start();
    const handler = jest.fn(async () => undefined);
    await restarted.subscribe({ queue: 'poison', bindings: ['p.#'], maxAttempts: 1 }, handler);
    await eventually(async () => (await restarted.deadLetters('poison')).length === 1);
    const [letter] = await restarted.deadLetters('poison');
    expect(letter).toMatchObject({ attempts: 1, error: 'the process stopped during every attempt' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps parked events across a restart until they are replayed', async () => {
    const first = await start();
    await first.subscribe(
      { queue: 'flaky', bindings: ['f.#'], maxAttempts: 2, retryBaseMs: 10 },
      async () => {
        throw new Error('downstream unavailable');
      },
    );
    const event = makeEvent('f.v1');
    await first.publish([event]);
    await eventually(async () => (await first.deadLetters('flaky')).length === 1);
    await first.close();

    const second = await start();
    const handled: string[] = [];
    await second.subscribe({ queue: 'flaky', bindings: ['f.#'] }, async (e) => void handled.push(e.id));
    await settle();
    expect(handled).toEqual([]);
    const [letter] = await second.deadLetters('flaky');
    expect(letter).toMatchObject({ attempts: 2, event: { id: event.envelope.id } });
    expect(letter.error).toContain('downstream unavailable');
    expect(await second.replayDeadLetters('flaky', ['not-a-row'])).toBe(0);
    expect(await second.replayDeadLetters('flaky')).toBe(1);
    await eventually(() => handled.length === 1);
  });

  it('refuses to publish from inside a transaction instead of waiting for its connection forever', async () => {
    const bus = await start();
    await bus.subscribe({ queue: 'tx', bindings: ['#'] }, async () => undefined);
    const inside = database.db.transaction(() => bus.publish([makeEvent('t.v1')]));
    await expect(inside).rejects.toThrow('inside a database transaction');
    expect(await stored()).toBe(0);
  });

  it('hands exclusive subscriptions every event from memory, storing nothing for them', async () => {
    const bus = await start();
    const seen: string[] = [];
    await bus.subscribe(
      { queue: 'cache.1', bindings: ['#'], exclusive: true },
      async (e) => void seen.push(e.id),
    );
    await bus.publish([makeEvent('user.updated.v1')]);
    await eventually(() => seen.length === 1);
    expect(await stored()).toBe(0);
    const bindings = await queryRows(database.db, sql`select * from bus.bindings`);
    expect(bindings).toEqual([]);
  });
});
