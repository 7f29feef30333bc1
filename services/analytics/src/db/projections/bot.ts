import { and, eq, sql } from 'drizzle-orm';
import { INBOX_EVENTS, inboxEventSchemas } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { occurredAt, type ProjectionTable } from '../../projections/projection';
import { botTurns, conversations } from '../schema';
import type { ConversationRow } from './conversation-rows';

/** An answer at `at` is followed by a handoff when the conversation's first handoff is at or after it. */
export const followedBy = (handedOffAt: Date | null, at: Date): boolean =>
  handedOffAt !== null && handedOffAt.getTime() >= at.getTime();

/**
 * The conversation's first handoff is now `handedOffAt` (the caller holds the conversation's lock):
 * its answers at or before it are followed by a handoff, later ones not (an earlier handoff
 * applied late moves the line back). Only rows whose flag changes are written.
 */
export async function markAnswersBefore(tx: Db, row: ConversationRow, handedOffAt: Date): Promise<void> {
  const at = handedOffAt.toISOString();
  await tx.execute(
    sql`update analytics.bot_turns set followed_by_handoff = (at <= ${at}::timestamptz)
        where conversation_id = ${row.id} and org_id = ${row.orgId} and kind = 'answer'
          and followed_by_handoff <> (at <= ${at}::timestamptz)`,
  );
}

/**
 * The first handoff of a turn's conversation as applied so far (none, or no conversation yet:
 * null; the handoff marks the answer when it is applied). A shared lock waits for a handoff being
 * applied, so one of the two always sees the other.
 */
async function handedOffAt(tx: Db, orgId: number, conversationId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ handedOffAt: conversations.handedOffAt })
    .from(conversations)
    .where(and(eq(conversations.orgId, orgId), eq(conversations.id, conversationId)))
    .for('share');
  return row?.handedOffAt ?? null;
}

/** The bot's turns, one row per event (keyed by its id: applied twice, still one row). */
export const botProjections: ProjectionTable = {
  [INBOX_EVENTS.botReplied]: async (tx, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.botReplied].parse(event.data);
    const at = occurredAt(event);
    const followed =
      data.kind === 'answer' && followedBy(await handedOffAt(tx, event.orgId, data.conversationId), at);
    await tx
      .insert(botTurns)
      .values({
        eventId: event.id,
        orgId: event.orgId,
        conversationId: data.conversationId,
        kind: data.kind,
        intent: data.intent,
        confidence: data.confidence,
        at,
        followedByHandoff: followed,
      })
      .onConflictDoNothing();
  },

  [INBOX_EVENTS.botFallback]: async (tx, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.botFallback].parse(event.data);
    await tx
      .insert(botTurns)
      .values({
        eventId: event.id,
        orgId: event.orgId,
        conversationId: data.conversationId,
        kind: 'fallback',
        intent: null,
        confidence: data.confidence,
        at: occurredAt(event),
      })
      .onConflictDoNothing();
  },
};
