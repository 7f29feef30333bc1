import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import type { HistoryMessage, UnitFacts } from '../../usecases/history/unit-plan';
import { botConfig, messages } from '../schema';

/** A message with its place in the export's order (created_at to the microsecond, as text). */
export interface PositionedMessage extends HistoryMessage {
  conversationId: string;
  position: string;
}

/** Where a message stream resumes: after this message of this conversation. */
export interface MessagePosition {
  conversationId: string;
  position: string;
  messageId: string;
}

interface UnitRow {
  id: string;
  org_id: number;
  wa_id: string;
  status: string;
  assigned_to: string | null;
  team_id: string | null;
  category: string | null;
  category_source: string | null;
  category_confidence: number | null;
  origin: string;
  handoff_summary: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  closed_at: string | Date | null;
  last_message_at: string | Date | null;
  has_state: boolean;
  context_since: string | Date | null;
  first_agent_id: string | null;
  anchor_bot_id: string | null;
  anchor_bot_at: string | Date | null;
}

const date = (value: string | Date) => new Date(value);
const maybeDate = (value: string | Date | null) => (value === null ? null : new Date(value));

const toFacts = (r: UnitRow): UnitFacts => ({
  conversation: {
    id: r.id,
    orgId: Number(r.org_id),
    waId: r.wa_id,
    status: r.status,
    assignedTo: r.assigned_to,
    teamId: r.team_id,
    category: r.category,
    categorySource: r.category_source,
    categoryConfidence: r.category_confidence === null ? null : Number(r.category_confidence),
    origin: r.origin,
    handoffSummary: r.handoff_summary,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    closedAt: maybeDate(r.closed_at),
    lastMessageAt: maybeDate(r.last_message_at),
  },
  botState: r.has_state ? { contextSince: maybeDate(r.context_since) } : null,
  firstAgentId: r.first_agent_id,
  anchorBot: r.anchor_bot_id ? { id: r.anchor_bot_id, at: date(r.anchor_bot_at!) } : null,
});

/**
 * The history export's reads: conversations in keyset order of their primary key, and their
 * messages through messages_conversation_created, both from a position, never by offset.
 */
export const historyRepository = {
  /**
   * Conversations created before the cutoff with an id after `afterId` (from it when `inclusive`),
   * with the facts their plan needs: the bot's state row, the first agent message and the bot's
   * last message before it (each one index probe, stopping at the first match).
   */
  units: async (
    db: Db,
    q: { before: Date; afterId: string | null; inclusive: boolean; limit: number },
  ): Promise<UnitFacts[]> => {
    const before = q.before.toISOString();
    const from =
      q.afterId === null ? sql`true` : q.inclusive ? sql`c.id >= ${q.afterId}` : sql`c.id > ${q.afterId}`;
    const rows = await queryRows<UnitRow>(
      db,
      sql`select c.id, c.org_id, c.wa_id, c.status, c.assigned_to, c.team_id, c.category,
                 c.category_source, c.category_confidence, c.origin, c.handoff_summary,
                 c.created_at, c.updated_at, c.closed_at, c.last_message_at,
                 s.conversation_id is not null as has_state, s.context_since,
                 fa.id as first_agent_id, ab.id as anchor_bot_id, ab.created_at as anchor_bot_at
          from inbox.conversations c
          left join inbox.bot_conversation_state s on s.conversation_id = c.id
          left join lateral (
            select m.id, m.created_at from inbox.messages m
            where m.conversation_id = c.id and m.created_at < ${before}::timestamptz and m.sender = 'agent'
            order by m.created_at, m.id limit 1
          ) fa on true
          left join lateral (
            select m.id, m.created_at from inbox.messages m
            where m.conversation_id = c.id and m.created_at < ${before}::timestamptz and m.sender = 'bot'
              and (fa.id is null or (m.created_at, m.id) < (fa.created_at, fa.id))
            order by m.created_at desc, m.id desc limit 1
          ) ab on true
          where ${from} and c.created_at < ${before}::timestamptz
          order by c.id
          limit ${q.limit}`,
    );
    return rows.map(toFacts);
  },

  /** Up to `limit` messages of these conversations before the cutoff, after `after`, in export order. */
  messages: async (
    db: Db,
    q: { conversationIds: string[]; before: Date; after: MessagePosition | null; limit: number },
  ): Promise<PositionedMessage[]> => {
    if (q.conversationIds.length === 0) return [];
    const after = q.after
      ? sql`(${messages.conversationId}, ${messages.createdAt}, ${messages.id}) > (${q.after.conversationId}, ${q.after.position}::timestamptz, ${q.after.messageId})`
      : undefined;
    return db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        direction: messages.direction,
        sender: messages.sender,
        senderUserId: messages.senderUserId,
        type: messages.type,
        text: messages.text,
        mediaCaption: messages.mediaCaption,
        providerMessageId: messages.providerMessageId,
        replyToProviderId: messages.replyToProviderId,
        idempotencyKey: messages.idempotencyKey,
        providerTimestamp: messages.providerTimestamp,
        createdAt: messages.createdAt,
        position: sql<string>`to_json(${messages.createdAt}) #>> '{}'`,
      })
      .from(messages)
      .where(
        and(inArray(messages.conversationId, q.conversationIds), lt(messages.createdAt, q.before), after),
      )
      .orderBy(asc(messages.conversationId), asc(messages.createdAt), asc(messages.id))
      .limit(q.limit);
  },

  /** The stored bot settings of these organizations (absent: never configured). */
  botSettings: async (db: Db, orgIds: number[]) =>
    orgIds.length === 0
      ? []
      : db
          .select({ orgId: botConfig.orgId, settings: botConfig.settings })
          .from(botConfig)
          .where(inArray(botConfig.orgId, orgIds)),
};
