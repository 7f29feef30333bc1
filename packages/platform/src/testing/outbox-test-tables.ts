import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { queryRows } from '../db/database';
import { outboxTables } from '../outbox/outbox';

/** The outbox tables of a test schema, with a table of effects for consumers to write to. */
export const testOutboxTables = outboxTables(pgSchema('outbox_test'));

/** The tables as a service migration creates them (drizzle-kit's output for outboxTables). */
const DDL = [
  'create schema outbox_test',
  `create table outbox_test.outbox (id text primary key, type text not null, org_id integer not null,
     payload jsonb not null, headers jsonb not null default '{}'::jsonb,
     created_at timestamptz not null default now(), published_at timestamptz, leased_until timestamptz)`,
  'create index outbox_unpublished_idx on outbox_test.outbox (created_at) where published_at is null',
  `create table outbox_test.processed_events (consumer text not null, event_id text not null,
     processed_at timestamptz not null default now(), primary key (consumer, event_id))`,
  'create table outbox_test.effects (event_id text not null)',
];

export async function createTestOutboxTables(db: Db): Promise<void> {
  for (const statement of DDL) await db.execute(sql.raw(statement));
}

export async function truncateTestOutboxTables(db: Db): Promise<void> {
  await db.execute(sql`truncate outbox_test.outbox, outbox_test.processed_events, outbox_test.effects`);
}

export async function unpublishedCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox_test.outbox where published_at is null`,
  );
  return row.n;
}

/** Records that a consumer handled an event (in its transaction), and reads them back. */
export const recordEffect = (tx: Db, eventId: string) =>
  tx.execute(sql`insert into outbox_test.effects values (${eventId})`);
export const effects = async (db: Db) =>
  (await queryRows<{ event_id: string }>(db, sql`select event_id from outbox_test.effects`)).map(
    (r) => r.event_id,
  );
