import type { EventEnvelope } from '@inbox/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PgSchema } from 'drizzle-orm/pg-core';
import type { DeliveryInfo, EventHandler, OutgoingEvent } from '../bus/bus';
import type { Db } from '../db/database';
import { transactThenPublish } from './transact-then-publish';

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
      /**
       * Set when a relay claims the row for publishing; until then no other relay takes it. A relay
       * that dies or hangs mid-publish lets it lapse, and the row is published again (at least once).
       */
      leasedUntil: ts('leased_until'),
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

/**
 * Records events in the caller's transaction: they are published if, and only if, it commits. The
 * rows travel as one JSON parameter, so a batch of events costs one cheap statement to build.
 */
export async function appendToOutbox(tx: Db, table: OutboxTable, events: OutgoingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(({ envelope, headers }) => ({
    id: envelope.id,
    type: envelope.type,
    orgId: envelope.orgId,
    payload: envelope,
    headers: headers ?? {},
  }));
  await tx.execute(sql`
    insert into ${table} (id, type, org_id, payload, headers)
    select id, type, "orgId", payload, headers
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id text, type text, "orgId" int, payload jsonb, headers jsonb)`);
}

/**
 * Wraps a consumer so that each event id is handled once per consumer name: the handler runs in a
 * transaction that first claims (consumer, event id); a redelivered event finds the claim and is
 * skipped. A handler that throws rolls the claim back with its own writes, so the retry runs it again.
 * With `events` (the service's recorder), the events the handler records are published once the
 * transaction commits (transactThenPublish), not at the relay's next poll.
 */
export function idempotent(
  db: Db,
  tables: OutboxTables,
  consumer: string,
  handler: (tx: Db, event: EventEnvelope, info: DeliveryInfo) => Promise<void>,
  events: { flush(): void } = { flush: () => undefined },
): EventHandler {
  const { processedEvents } = tables;
  return async (event, info) => {
    await transactThenPublish({ db, events }, async (tx) => {
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
