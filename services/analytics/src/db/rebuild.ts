import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { DB_SCHEMA } from './location';
import { processedEvents, rebuildState } from './schema';

/** The rebuild's own SQL (src/rebuild): its state row, the reset of the read models, the claims. */

/** Tables a rebuild keeps: the platform's outbox shape and the rebuild's own state. */
const KEPT_TABLES = ['outbox', 'rebuild_state'];

/** Records a rebuild that starts now (the one row, id 1): its cutoff, not finished, no events yet. */
export async function startRebuildState(db: Db, cutoff: Date, startedAt: Date): Promise<void> {
  const row = { id: 1, cutoff, startedAt, finishedAt: null, events: 0 };
  await db.insert(rebuildState).values(row).onConflictDoUpdate({ target: rebuildState.id, set: row });
}

export async function finishRebuildState(db: Db, finishedAt: Date, events: number): Promise<void> {
  await db.update(rebuildState).set({ finishedAt, events }).where(eq(rebuildState.id, 1));
}

/** The latest rebuild: its cutoff and whether it finished; null when the read models were never rebuilt. */
export async function readRebuildState(db: Db): Promise<{ cutoff: Date; finished: boolean } | null> {
  const [row] = await db
    .select({ cutoff: rebuildState.cutoff, finishedAt: rebuildState.finishedAt })
    .from(rebuildState)
    .where(eq(rebuildState.id, 1));
  return row ? { cutoff: new Date(row.cutoff), finished: row.finishedAt !== null } : null;
}

/** Whether a fact's claim (an id in processed_events for this consumer) exists already; claims it if not. */
export async function claimFact(tx: Db, consumer: string, id: string): Promise<boolean> {
  return (await claimEvents(tx, consumer, [id])).has(id);
}

/**
 * Empties every table of the schema but the kept ones, in one statement: listed from the database,
 * so a read-model table added later is reset too (processed_events included). Answers their names.
 */
export async function truncateReadModels(db: Db): Promise<string[]> {
  const kept = sql.join(
    KEPT_TABLES.map((name) => sql`${name}`),
    sql`, `,
  );
  const listed = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables
        where schemaname = ${DB_SCHEMA} and tablename not in (${kept})
        order by tablename`,
  );
  const names = listed.map((r) => r.name);
  if (names.length === 0) return [];
  const tables = names.map((name) => sql`${sql.identifier(DB_SCHEMA)}.${sql.identifier(name)}`);
  await db.execute(sql`truncate table ${sql.join(tables, sql`, `)}`);
  return names;
}

/**
 * Claims event ids for a consumer in the caller's transaction, as `idempotent` does one at a time:
 * answers the ids not claimed before (those to apply now).
 */
export async function claimEvents(tx: Db, consumer: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const claimed = await tx
    .insert(processedEvents)
    .values(ids.map((eventId) => ({ consumer, eventId })))
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return new Set(claimed.map((c) => c.eventId));
}
