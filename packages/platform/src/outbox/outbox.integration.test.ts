import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@inbox/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DeliveryInfo, EventBus, OutgoingEvent } from '../bus/bus';
import { openPglite, openPostgres, queryRows } from '../db/database';
import type { Database, Db } from '../db/database';
import { newId } from '../ids';
import { createLogger } from '../logger';
import {
  createTestOutboxTables,
  effects as effectsIn,
  recordEffect,
  testOutboxTables,
  truncateTestOutboxTables,
  unpublishedCount,
} from '../testing/outbox-test-tables';
import { appendToOutbox, idempotent } from './outbox';
import { OutboxRelay } from './outbox-relay';

const tables = testOutboxTables;
const { outbox } = tables;
const logger = createLogger('test');

/** A fresh PostgreSQL database on the DATABASE_URL server, dropped on close. */
async function openFreshPostgres(url: string): Promise<Database> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const makeEvent = (type = 'test.thing.happened.v1'): OutgoingEvent => ({
  envelope: { id: newId(), type, orgId: 3, occurredAt: new Date().toISOString(), data: { n: 1 } },
  headers: { 'x-request-id': `req-${newId()}` },
});

/** A bus that records what it publishes, and fails while told to. */
function recordingBus() {
  const published: OutgoingEvent[] = [];
  let failures = 0;
  const bus: Pick<EventBus, 'publish'> = {
    publish: async (events) => {
      if (failures > 0) {
        failures--;
        throw new Error('broker unavailable');
      }
      published.push(...events);
    },
  };
  return { bus, published, failNext: (n: number) => (failures = n) };
}

async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const backends: Array<[string, () => Promise<Database>]> = [['pglite', () => openPglite()]];
if (process.env.DATABASE_URL)
  backends.push(['postgres', () => openFreshPostgres(process.env.DATABASE_URL as string)]);

describe.each(backends)('outbox on %s', (_kind, open) => {
  let database: Database;
  let db: Db;
  const relays: OutboxRelay[] = [];
  const relay = (
    bus: Pick<EventBus, 'publish'>,
    options: { pollMs?: number; batchSize?: number; leaseMs?: number } = {},
  ) => {
    const created = new OutboxRelay({ db, tables, bus, logger, ...options });
    relays.push(created);
    return created;
  };
  const unpublished = () => unpublishedCount(db);

  beforeAll(async () => {
    database = await open();
    db = database.db;
    await createTestOutboxTables(db);
  });
  afterAll(() => database.close());
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await truncateTestOutboxTables(db);
  });

  it('publishes exactly the events of committed transactions, in order, and marks them', async () => {
    const committed = [makeEvent(), makeEvent(), makeEvent()];
    await db.transaction((tx) => appendToOutbox(tx, outbox, committed));
    const rolledBack = makeEvent();
    await expect(
      db.transaction(async (tx) => {
        await appendToOutbox(tx, outbox, [rolledBack]);
        throw new Error('use case failed');
      }),
    ).rejects.toThrow('use case failed');
    const { bus, published } = recordingBus();

    relay(bus, { pollMs: 20, batchSize: 2 }).start();
    // The bus sees a batch before the relay marks it: wait for the mark, not for the publish.
    await eventually(async () => (await unpublished()) === 0);
    await new Promise((resolve) => setTimeout(resolve, 60)); // a few more polls change nothing

    expect(published).toEqual(committed);
  });

  it('publishes at once when nudged, and flushes on stop', async () => {
    const { bus, published } = recordingBus();
    const relayer = relay(bus, { pollMs: 60_000 });
    relayer.start();
    const first = makeEvent();
    await db.transaction((tx) => appendToOutbox(tx, outbox, [first]));
    relayer.nudge();
    await eventually(() => published.length === 1);

    const last = makeEvent();
    await db.transaction((tx) => appendToOutbox(tx, outbox, [last]));
    await relayer.stop();
    expect(published).toEqual([first, last]);
  });

  it('keeps the rows when publishing fails and publishes them on a later pass', async () => {
    const { bus, published, failNext } = recordingBus();
    failNext(2);
    const event = makeEvent();
    await db.transaction((tx) => appendToOutbox(tx, outbox, [event]));
    relay(bus, { pollMs: 10 }).start();
    await eventually(async () => (await unpublished()) === 0); // after backing off 20 ms, then 40 ms
    expect(published).toEqual([event]);
  });

  it('deletes published rows older than a week', async () => {
    const [old, recent] = [makeEvent(), makeEvent()];
    await db.transaction((tx) => appendToOutbox(tx, outbox, [old, recent]));
    await db.execute(
      sql`update outbox_test.outbox set published_at = now() - interval '8 days' where id = ${old.envelope.id}`,
    );
    await db.execute(
      sql`update outbox_test.outbox set published_at = now() - interval '6 days' where id = ${recent.envelope.id}`,
    );
    const relayer = relay(recordingBus().bus);
    relayer.start();
    await relayer.stop();
    const ids = await queryRows<{ id: string }>(db, sql`select id from outbox_test.outbox`);
    expect(ids).toEqual([{ id: recent.envelope.id }]);
  });

  it('publishes each row once when several relays run side by side', async () => {
    const events = Array.from({ length: 60 }, () => makeEvent());
    await db.transaction((tx) => appendToOutbox(tx, outbox, events));
    const { bus, published } = recordingBus();
    const slowBus: Pick<EventBus, 'publish'> = {
      publish: async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await bus.publish(batch);
      },
    };
    for (let i = 0; i < 3; i++) relay(slowBus, { pollMs: 10, batchSize: 7 }).start();
    await eventually(() => published.length >= 60);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.map((e) => e.envelope.id).sort()).toEqual(events.map((e) => e.envelope.id).sort());
  });

  describe('leases', () => {
    /** A bus whose publish waits until the test lets it go, as under a broker that blocks publishers. */
    function gatedBus() {
      const published: OutgoingEvent[] = [];
      const gates: Array<() => void> = [];
      const bus: Pick<EventBus, 'publish'> = {
        publish: (events) =>
          new Promise<void>((resolve) =>
            gates.push(() => {
              published.push(...events);
              resolve();
            }),
          ),
      };
      return {
        bus,
        published,
        waiting: () => gates.length,
        openAll: () => gates.splice(0).forEach((g) => g()),
      };
    }
    const within = <T>(work: Promise<T>, ms: number) =>
      Promise.race([
        work,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
        ),
      ]);

    it('holds no row lock and no transaction while the bus has not confirmed', async () => {
      const event = makeEvent();
      await db.transaction((tx) => appendToOutbox(tx, outbox, [event]));
      const { bus, published, waiting, openAll } = gatedBus();
      relay(bus, { pollMs: 60_000 }).start();
      try {
        await eventually(() => waiting() === 1);
        // A use case's transaction may lock the row meanwhile (on PGlite: may run at all).
        const lockedRows = db.transaction(
          async (tx) =>
            (await tx.select({ id: outbox.id }).from(outbox).for('update', { noWait: true })).length,
        );
        await expect(within(lockedRows, 2_000)).resolves.toBe(1);
      } finally {
        openAll();
      }
      await eventually(async () => (await unpublished()) === 0);
      expect(published).toEqual([event]);
    });

    it('abandons a publish that outlives half the lease and publishes the rows on a later pass', async () => {
      const event = makeEvent();
      await db.transaction((tx) => appendToOutbox(tx, outbox, [event]));
      const published: OutgoingEvent[] = [];
      let calls = 0;
      const bus: Pick<EventBus, 'publish'> = {
        publish: async (events) => {
          if (++calls === 1) return new Promise<void>(() => undefined); // never confirmed
          published.push(...events);
        },
      };
      relay(bus, { pollMs: 10, leaseMs: 400 }).start();
      await eventually(async () => (await unpublished()) === 0);
      expect(calls).toBe(2);
      expect(published).toEqual([event]);
    });

    it('leaves a row leased by another relay alone until the lease lapses', async () => {
      const event = makeEvent();
      await db.transaction((tx) => appendToOutbox(tx, outbox, [event]));
      // As a relay leaves it when it dies between claiming and marking.
      await db.execute(sql`update outbox_test.outbox set leased_until = now() + interval '1 second'`);
      const started = Date.now();
      const { bus, published } = recordingBus();
      relay(bus, { pollMs: 20 }).start();
      await eventually(() => published.length === 1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(800);
      expect(published).toEqual([event]);
      await eventually(async () => (await unpublished()) === 0);
    });
  });

  it('as the only relay of its database, publishes at once what a dead process left leased', async () => {
    const event = makeEvent();
    await db.transaction((tx) => appendToOutbox(tx, outbox, [event]));
    await db.execute(sql`update outbox_test.outbox set leased_until = now() + interval '1 hour'`);
    const { bus, published } = recordingBus();
    const created = new OutboxRelay({ db, tables, bus, logger, pollMs: 20, releaseLeasesOnStart: true });
    relays.push(created);
    created.start();
    await eventually(async () => (await unpublished()) === 0, 5_000);
    expect(published).toEqual([event]);
  });

  describe('idempotent()', () => {
    const info: DeliveryInfo = { attempt: 1, headers: {}, queue: 'q' };
    const record = (tx: Db, event: EventEnvelope) => recordEffect(tx, event.id);
    const effects = () => effectsIn(db);

    it('handles a duplicate delivery once, per consumer', async () => {
      const calls: string[] = [];
      const handle = (consumer: string) =>
        idempotent(db, tables, consumer, async (tx, event) => {
          calls.push(consumer);
          await record(tx, event);
        });
      const { envelope } = makeEvent();
      const inbox = handle('inbox');
      await inbox(envelope, info);
      await inbox(envelope, { ...info, attempt: 2 });
      await handle('analytics')(envelope, info);

      expect(calls).toEqual(['inbox', 'analytics']);
      expect(await effects()).toHaveLength(2);
    });

    it('runs the handler again after it failed, since the claim rolled back with it', async () => {
      let fail = true;
      const handler = idempotent(db, tables, 'inbox', async (tx, event) => {
        await record(tx, event);
        if (fail) throw new Error('transient');
      });
      const { envelope } = makeEvent();
      await expect(handler(envelope, info)).rejects.toThrow('transient');
      expect(await effects()).toHaveLength(0);
      fail = false;
      await handler(envelope, { ...info, attempt: 2 });
      await handler(envelope, { ...info, attempt: 3 });
      expect(await effects()).toEqual([envelope.id]);
    });
  });
});
