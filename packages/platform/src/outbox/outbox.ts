import type { EventEnvelope } from '@inbox/contracts';
import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PgSchema } from 'drizzle-orm/pg-core';
import type { DeliveryInfo, EventBus, EventHandler, OutgoingEvent } from '../bus/bus';
import type { Db } from '../db/database';
import type { Logger } from '../logger';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The outbox and the processed-event log, inside a service's own schema. The service's
 * db/schema.ts exports them so that drizzle-kit puts them in its migrations.
 */
export function outboxTables(schema: PgSchema) {
  const outbox = schema.table(
    'outbox',
    {
      /** The event id: appending the same event twice fails instead of publishing it twice. */
      id: text('id').primaryKey(),
      type: text('type').notNull(),
      orgId: integer('org_id').notNull(),
      /** The whole envelope, published as is. */
      payload: jsonb('payload').$type<EventEnvelope>().notNull(),
      headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
      createdAt: ts('created_at').notNull().defaultNow(),
      publishedAt: ts('published_at'),
    },
    // The relay only ever looks for unpublished rows: a partial index stays small.
    (t) => [
      index('outbox_unpublished_idx')
        .on(t.createdAt)
        .where(sql`published_at is null`),
    ],
  );
  const processedEvents = schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: text('event_id').notNull(),
      processedAt: ts('processed_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
  return { outbox, processedEvents };
}

export type OutboxTables = ReturnType<typeof outboxTables>;
export type OutboxTable = OutboxTables['outbox'];

/** Records events in the caller's transaction: they are published if, and only if, it commits. */
export async function appendToOutbox(tx: Db, table: OutboxTable, events: OutgoingEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(table).values(
    events.map(({ envelope, headers }) => ({
      id: envelope.id,
      type: envelope.type,
      orgId: envelope.orgId,
      payload: envelope,
      headers: headers ?? {},
    })),
  );
}

/**
 * Wraps a consumer so that each event id is handled once per consumer name: the handler runs in a
 * transaction that first claims (consumer, event id); a redelivered event finds the claim and is
 * skipped. A handler that throws rolls the claim back with its own writes, so the retry runs it again.
 */
export function idempotent(
  db: Db,
  tables: OutboxTables,
  consumer: string,
  handler: (tx: Db, event: EventEnvelope, info: DeliveryInfo) => Promise<void>,
): EventHandler {
  const { processedEvents } = tables;
  return async (event, info) => {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(processedEvents)
        .values({ consumer, eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: processedEvents.eventId });
      if (claimed.length === 0) return;
      await handler(tx, event, info);
    });
  };
}

export interface OutboxRelayOptions {
  db: Db;
  tables: OutboxTables;
  bus: Pick<EventBus, 'publish'>;
  logger: Logger;
  /** Interval between passes when nobody nudges. */
  pollMs?: number;
  batchSize?: number;
}

const MAX_BACKOFF_MS = 30_000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * Publishes committed outbox rows through the bus with publisher confirms, then marks them.
 * Rows are locked `FOR UPDATE SKIP LOCKED`, so several replicas relay side by side without
 * publishing a row twice; a crash between the confirm and the commit publishes it again, which
 * idempotent consumers absorb (at-least-once). Within a process, passes never overlap.
 */
export class OutboxRelay {
  private readonly db: Db;
  private readonly outbox: OutboxTable;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private state: 'idle' | 'started' | 'stopped' = 'idle';
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** A nudge arrived during a pass: rows committed meanwhile may have been missed. */
  private again = false;
  private failures = 0;
  private lastCleanup = 0;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.outbox = options.tables.outbox;
    this.bus = options.bus;
    this.logger = options.logger;
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 200;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    this.trigger();
  }

  /** Relays now rather than at the next poll; call it after committing a transaction that appended events. */
  nudge(): void {
    if (this.state !== 'started') return;
    if (this.running) {
      this.again = true;
      return;
    }
    // While backing off from a failure (broker down), nudges would only hammer it.
    if (this.failures === 0) this.trigger();
  }

  /** Stops polling after a last pass, so that what was committed before shutdown goes out now. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    const wasStarted = this.state === 'started';
    this.state = 'stopped';
    clearTimeout(this.timer);
    await this.running;
    if (!wasStarted) return;
    try {
      await this.drain();
    } catch (err) {
      this.logger.error({ err }, 'final outbox flush failed; the rows stay for the next start');
    }
  }

  private trigger(): void {
    if (this.running) return;
    clearTimeout(this.timer);
    this.running = this.loop();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.drain();
        this.failures = 0;
      } catch (err) {
        this.failures++;
        this.logger.warn({ err, failures: this.failures }, 'outbox relay pass failed; backing off');
        break;
      }
    } while (this.again && this.state === 'started');
    this.running = undefined;
    if (this.state !== 'started') return;
    const delay =
      this.failures === 0 ? this.pollMs : Math.min(this.pollMs * 2 ** this.failures, MAX_BACKOFF_MS);
    this.timer = setTimeout(() => this.trigger(), delay);
  }

  /** Passes until a batch comes back short: a backlog goes out without waiting for the next poll. */
  private async drain(): Promise<void> {
    while ((await this.pass()) === this.batchSize);
    await this.cleanUp();
  }

  private async pass(): Promise<number> {
    const outbox = this.outbox;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, payload: outbox.payload, headers: outbox.headers })
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        // Rows of one transaction share created_at (now() is the transaction's start); ids break the tie.
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await this.bus.publish(rows.map((row) => ({ envelope: row.payload, headers: row.headers })));
      await tx
        .update(outbox)
        .set({ publishedAt: sql`now()` })
        .where(
          inArray(
            outbox.id,
            rows.map((row) => row.id),
          ),
        );
      this.logger.debug({ count: rows.length }, 'outbox events published');
      return rows.length;
    });
  }

  /** Published rows are kept a week for inspection, then deleted; at most hourly, and never fatal. */
  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    const { publishedAt } = this.outbox;
    await this.db
      .delete(this.outbox)
      .where(and(isNotNull(publishedAt), lt(publishedAt, sql`now() - interval '7 days'`)))
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox clean-up failed'));
  }
}
