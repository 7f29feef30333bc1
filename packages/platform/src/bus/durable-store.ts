import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/database';
import { PARKING_BOUNDS, type ParkingBounds } from './delivery';

/**
 * The tables of the durable bus, in their own `bus` schema: the bindings (so that an event
 * published before its consumer subscribed after a restart still reaches its queue) and one row
 * per (queue, event) delivery, deleted once a handler succeeded. Created at start-up with
 * idempotent statements: the bus belongs to the platform, not to any one service's migrations.
 */
const SCHEMA_STATEMENTS = [
  sql`create schema if not exists bus`,
  sql`create table if not exists bus.bindings (
    queue text not null,
    pattern text not null,
    primary key (queue, pattern)
  )`,
  sql`create table if not exists bus.deliveries (
    id bigserial primary key,
    queue text not null,
    body text not null,
    headers jsonb not null default '{}',
    attempts integer not null default 0,
    claimed boolean not null default false,
    available_at timestamptz not null default now(),
    parked_at timestamptz,
    error text
  )`,
  // The claim query only ever looks at ready rows of one queue: a partial index stays small.
  sql`create index if not exists deliveries_ready_idx on bus.deliveries (queue, id)
    where parked_at is null and not claimed`,
  sql`create index if not exists deliveries_parked_idx on bus.deliveries (queue, id)
    where parked_at is not null`,
];

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters at 3 per row. */
const INSERT_CHUNK = 1_000;

export interface NewDelivery {
  queue: string;
  body: string;
  headers: Record<string, string>;
}

export interface ClaimedDelivery {
  id: string;
  body: string;
  headers: Record<string, string>;
  /** Deliveries started, this one included. */
  attempts: number;
}

export interface ParkedDelivery {
  id: string;
  queue: string;
  body: string;
  error: string;
  parkedAt: Date;
  attempts: number;
}

/** Row ids are bigints; anything else (a caller's typo, another bus's id) matches nothing. */
const validIds = (ids: string[]) => ids.filter((id) => /^[0-9]{1,18}$/.test(id));

const idList = (ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/** All SQL of the durable bus. Every call is one statement (or one short transaction), never around a handler. */
export class DurableStore {
  constructor(private readonly db: Db) {}

  async createSchema(): Promise<void> {
    for (const statement of SCHEMA_STATEMENTS) await this.db.execute(statement);
  }

  async bindings(): Promise<Array<{ queue: string; pattern: string }>> {
    return queryRows(this.db, sql`select queue, pattern from bus.bindings`);
  }

  async bind(queue: string, patterns: string[]): Promise<void> {
    if (patterns.length === 0) return;
    const values = sql.join(
      patterns.map((pattern) => sql`(${queue}, ${pattern})`),
      sql`, `,
    );
    await this.db.execute(
      sql`insert into bus.bindings (queue, pattern) values ${values} on conflict do nothing`,
    );
  }

  /** One statement per chunk, all chunks in one transaction: a publish is stored whole or not at all. */
  async insert(deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const statements: SQL[] = [];
    for (let i = 0; i < deliveries.length; i += INSERT_CHUNK) {
      const values = sql.join(
        deliveries
          .slice(i, i + INSERT_CHUNK)
          .map((d) => sql`(${d.queue}, ${d.body}, ${JSON.stringify(d.headers)}::jsonb)`),
        sql`, `,
      );
      statements.push(sql`insert into bus.deliveries (queue, body, headers) values ${values}`);
    }
    if (statements.length === 1) {
      await this.db.execute(statements[0]);
      return;
    }
    await this.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
  }

  /**
   * Takes up to `limit` due rows of a queue, oldest first, and counts the delivery as an attempt
   * before any handler runs: a process killed mid-handler has used that attempt.
   */
  async claim(queue: string, limit: number, now: Date): Promise<ClaimedDelivery[]> {
    const rows = await queryRows<ClaimedDelivery>(
      this.db,
      sql`update bus.deliveries set claimed = true, attempts = attempts + 1
          where id in (
            select id from bus.deliveries
            -- The database's clock too: a row published this very millisecond has an available_at
            -- in microseconds, later than a millisecond Date of the same instant.
            where queue = ${queue} and not claimed and parked_at is null
              and available_at <= greatest(${now.toISOString()}::timestamptz, now())
            order by id limit ${limit}
            for update skip locked)
          returning id::text as id, body, headers, attempts`,
    );
    return rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** Done: a handler succeeded. */
  async remove(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.execute(sql`delete from bus.deliveries where id in (${idList(ids)})`);
  }

  async retryAt(id: string, at: Date): Promise<void> {
    await this.db.execute(
      sql`update bus.deliveries set claimed = false, available_at = ${at.toISOString()}::timestamptz where id = ${id}::bigint`,
    );
  }

  /** Parks a row; past the bounds its queue's oldest parked rows go, as on RabbitMQ (drop-head). */
  async park(
    id: string,
    error: string,
    attempts: number,
    bounds: ParkingBounds = PARKING_BOUNDS,
  ): Promise<void> {
    await this.db.execute(
      sql`update bus.deliveries set claimed = false, parked_at = now(), error = ${error}, attempts = ${attempts}
          where id = ${id}::bigint`,
    );
    await this.db.execute(
      sql`delete from bus.deliveries d using (
            select id, parked_at,
              row_number() over newest as newer,
              sum(octet_length(body)) over newest as bytes
            from bus.deliveries
            where parked_at is not null and queue = (select queue from bus.deliveries where id = ${id}::bigint)
            window newest as (order by parked_at desc, id desc rows between unbounded preceding and current row)
          ) p
          where d.id = p.id and (p.newer > ${bounds.maxLength} or p.bytes > ${bounds.maxBytes}
            or p.parked_at < now() - make_interval(secs => ${bounds.ttlMs / 1000}))`,
    );
  }

  /**
   * At start-up: rows claimed by a process that is gone go back to their queue. They keep their
   * attempt count, so a message that kills its process is parked after maxAttempts, not looped.
   */
  async releaseAll(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`update bus.deliveries set claimed = false where claimed returning id::text as id`,
    );
    return rows.length;
  }

  /** At close: rows claimed but never handed to a handler go back without the attempt they did not use. */
  async unclaim(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(
      sql`update bus.deliveries set claimed = false, attempts = attempts - 1 where id in (${idList(ids)})`,
    );
  }

  async parked(queue: string): Promise<ParkedDelivery[]> {
    return queryRows<ParkedDelivery>(
      this.db,
      sql`select id::text as id, queue, body, error, parked_at as "parkedAt", attempts from bus.deliveries
          where queue = ${queue} and parked_at is not null order by id`,
    );
  }

  /** Parked rows back to their queue as new messages (attempts from zero); how many. */
  async unpark(queue: string, ids: string[] | undefined, now: Date): Promise<number> {
    const wanted = ids && validIds(ids);
    if (wanted?.length === 0) return 0;
    const only = wanted ? sql` and id in (${idList(wanted)})` : sql``;
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`update bus.deliveries
          set parked_at = null, error = null, attempts = 0, available_at = ${now.toISOString()}::timestamptz
          where queue = ${queue} and parked_at is not null${only} returning id::text as id`,
    );
    return rows.length;
  }

  /** Ready (neither claimed nor parked) and parked deliveries per queue, for the queue gauges; a queue with none is left out. */
  async depths(queues: string[]): Promise<Array<{ queue: string; ready: number; parked: number }>> {
    if (queues.length === 0) return [];
    const names = sql.join(
      queues.map((queue) => sql`${queue}`),
      sql`, `,
    );
    return queryRows(
      this.db,
      sql`select queue,
            count(*) filter (where parked_at is null and not claimed)::int as ready,
            count(*) filter (where parked_at is not null)::int as parked
          from bus.deliveries where queue in (${names}) group by queue`,
    );
  }
}
