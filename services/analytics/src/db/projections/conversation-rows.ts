import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { notProjectedYet } from '../../projections/projection';
import { conversationCycles, conversations } from '../schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type CycleRow = typeof conversationCycles.$inferSelect;
/** A cycle's own facts (the database computes its durations: schema.ts). */
export type CycleValues = Omit<typeof conversationCycles.$inferInsert, 'conversationId' | 'seq' | 'orgId'>;
export type CyclePatch = Partial<CycleValues>;

/**
 * The conversation, locked: every projection that reads a conversation's rows before writing
 * them takes this lock first, so concurrent events of one conversation apply one after the other.
 * Throws NOT_PROJECTED_YET (the bus retries) when its creation has not been applied.
 */
export async function lockConversation(tx: Db, orgId: number, id: string): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.orgId, orgId), eq(conversations.id, id)))
    .for('update');
  if (!row) throw notProjectedYet('conversation', id);
  return row;
}

export async function updateConversation(
  tx: Db,
  row: ConversationRow,
  patch: Partial<Omit<ConversationRow, 'id' | 'orgId'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx
    .update(conversations)
    .set(patch)
    .where(and(eq(conversations.orgId, row.orgId), eq(conversations.id, row.id)));
}

export async function cyclesOf(tx: Db, row: ConversationRow): Promise<CycleRow[]> {
  return tx
    .select()
    .from(conversationCycles)
    .where(and(eq(conversationCycles.orgId, row.orgId), eq(conversationCycles.conversationId, row.id)))
    .orderBy(asc(conversationCycles.startedAt), asc(conversationCycles.seq));
}

/**
 * The cycle a moment belongs to: the latest started at or before it. A moment before the
 * conversation's creation (the opening message's sentAt is WhatsApp's, a little earlier than our
 * createdAt) belongs to cycle 0. Cycles are ordered by their start, not their seq: a reopen
 * applied late gets the next seq but its place in time.
 */
export function cycleAt(cycles: CycleRow[], at: Date): CycleRow {
  let found = cycles.find((c) => c.seq === 0) ?? cycles[0];
  for (const cycle of cycles) if (cycle.startedAt.getTime() <= at.getTime()) found = cycle;
  if (!found) throw new Error('a projected conversation always has its cycle 0');
  return found;
}

/** The cycle's changed fields only (nothing written when nothing changed). */
export async function updateCycle(tx: Db, cycle: CycleRow, patch: CyclePatch): Promise<void> {
  const changed = Object.fromEntries(
    Object.entries(patch).filter(([key, value]) => !sameValue(cycle[key as keyof CycleRow], value)),
  );
  if (Object.keys(changed).length === 0) return;
  await tx
    .update(conversationCycles)
    .set(changed)
    .where(
      and(eq(conversationCycles.conversationId, cycle.conversationId), eq(conversationCycles.seq, cycle.seq)),
    );
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** Inserts a cycle unless one already starts at that moment (a reopen applied twice); true when inserted. */
export async function insertCycle(
  tx: Db,
  row: ConversationRow,
  cycles: CycleRow[],
  values: CycleValues,
): Promise<boolean> {
  if (cycles.some((c) => c.startedAt.getTime() === values.startedAt.getTime())) return false;
  const seq = cycles.reduce((max, c) => Math.max(max, c.seq), -1) + 1;
  const inserted = await tx
    .insert(conversationCycles)
    .values({ ...values, conversationId: row.id, seq, orgId: row.orgId })
    .onConflictDoNothing()
    .returning({ seq: conversationCycles.seq });
  return inserted.length > 0;
}
