import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@inbox/contracts';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DeliveryInfo, EventBus, OutgoingEvent } from '../bus/bus';
import { openPglite, openPostgres, queryRows } from '../db/database';
import type { Database, Db } from '../db/database';
import { newId } from '../ids';
import { createLogger } from '../logger';
import { OutboxRelay, appendToOutbox, idempotent, outboxTables } from './outbox';

const tables = outboxTables(pgSchema('outbox_test'));
const { outbox } = tables;
const logger = createLogger('test');

/** The tables as a service migration creates them (drizzle-kit's output for outboxTables). */
const DDL = [
  'create schema outbox_test',
  `create table outbox_test.outbox (id text primary key, type text not null, org_id integer not null,
     payload jsonb not null, headers jsonb not null default '{}'::jsonb,
     created_at timestamptz not null default now(), published_at timestamptz)`,
  'create index outbox_unpublished_idx on outbox_test.outbox (created_at) where published_at is null',
  `create table outbox_test.processed_events (consumer text not null, event_id text not null,
     processed_at timestamptz not null default now(), primary key (consumer, event_id))`,
  'create table outbox_test.effects (event_id text not null)',
];

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
  const relay = (bus: Pick<EventBus, 'publish'>, options: { pollMs?: number; batchSize?: number } = {}) => {
    const created = new OutboxRelay({ db, tables, bus, logger, ...options });
    relays.push(created);
    return created;
  };
  const unpublished = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from outbox_test.outbox where published_at is null`,
      )
    )[0].n;

  beforeAll(async () => {
    database = await open();
    db = database.db;
    for (const statement of DDL) await db.execute(sql.raw(statement));
  });
  afterAll(() => database.close());
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await db.execute(sql`truncate outbox_test.outbox, outbox_test.processed_events, outbox_test.effects`);
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
    await eventually(() => published.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 60)); // a few more polls change nothing

    expect(published).toEqual(committed);
    expect(await unpublished()).toBe(0);
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
    await eventually(() => published.length === 1); // after backing off 20 ms, then 40 ms
    expect(published).toEqual([event]);
    expect(await unpublished()).toBe(0);
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

  describe('idempotent()', () => {
    const info: DeliveryInfo = { attempt: 1, headers: {}, queue: 'q' };
    const record = (tx: Db, event: EventEnvelope) =>
      tx.execute(sql`insert into outbox_test.effects values (${event.id})`);
    const effects = async () =>
      queryRows<{ event_id: string }>(db, sql`select event_id from outbox_test.effects`);

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
      expect(await effects()).toEqual([{ event_id: envelope.id }]);
    });
  });
});
