import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { botConfig, messages } from '../schema';

/** A conversation as stored now (the history export decides what of it held before the cutoff). */
export interface HistoryConversationRow {
  id: string;
  orgId: number;
  waId: string;
  status: string;
  assignedTo: string | null;
  teamId: string | null;
  category: string | null;
  categorySource: string | null;
  categoryConfidence: number | null;
  origin: string;
  handoffSummary: string | null;
  createdAt: Date;
  /** Every change of the row moves it: before the cutoff, the row is as it was then. */
  updatedAt: Date;
  closedAt: Date | null;
}

/** One conversation with what its history needs besides its messages. */
export interface HistoryUnitRow {
  conversation: HistoryConversationRow;
  /** The bot's memory of the conversation; `contextSince` is set by a return to the bot. */
  botState: { contextSince: Date | null; updatedAt: Date } | null;
  /** The first message of a human agent before the cutoff. */
  firstAgent: { id: string; senderUserId: string | null } | null;
  /** The bot's last message before the first agent message (before the cutoff when there is none). */
  anchorBot: { id: string; at: Date; text: string | null } | null;
}

export interface HistoryMessageRow {
  id: string;
  direction: string;
  sender: string;
  senderUserId: string | null;
  type: string;
  text: string | null;
  mediaCaption: string | null;
  providerMessageId: string | null;
  replyToProviderId: string | null;
  idempotencyKey: string | null;
  providerTimestamp: Date | null;
  createdAt: Date;
}

/** Where a conversation's message stream resumes: after this message (created_at to the microsecond, as text). */
export interface MessagePosition {
  position: string;
  messageId: string;
}

export interface PositionedMessage extends HistoryMessageRow {
  conversationId: string;
  position: string;
}

interface UnitSqlRow {
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
  state_updated_at: string | Date | null;
  context_since: string | Date | null;
  first_agent_id: string | null;
  first_agent_user_id: string | null;
  anchor_bot_id: string | null;
  anchor_bot_at: string | Date | null;
  anchor_bot_text: string | null;
}

const date = (value: string | Date) => new Date(value);
const maybeDate = (value: string | Date | null) => (value === null ? null : new Date(value));

const toUnit = (r: UnitSqlRow): HistoryUnitRow => ({
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
  },
  botState:
    r.state_updated_at === null
      ? null
      : { contextSince: maybeDate(r.context_since), updatedAt: date(r.state_updated_at) },
  firstAgent: r.first_agent_id ? { id: r.first_agent_id, senderUserId: r.first_agent_user_id } : null,
  anchorBot: r.anchor_bot_id
    ? { id: r.anchor_bot_id, at: date(r.anchor_bot_at!), text: r.anchor_bot_text }
    : null,
});

const readMessages = (db: Db, which: SQL, before: Date, limit: number): Promise<PositionedMessage[]> =>
  db
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
    .where(and(which, lt(messages.createdAt, before)))
    .orderBy(asc(messages.conversationId), asc(messages.createdAt), asc(messages.id))
    .limit(limit);

/**
 * The history export's reads: conversations in keyset order of their primary key, and their
 * messages through messages_conversation_created, both from a position, never by offset.
 */
export const historyRepository = {
  /**
   * Up to `limit` conversations created before the cutoff with an id after `afterId`, with the
   * facts their plan needs: the bot's state row, the first agent message and the bot's last
   * message before it (each one index walk, stopping at the first match). Read once per
   * conversation: a page that ends inside one carries what they found in its cursor.
   */
  units: async (
    db: Db,
    q: { before: Date; afterId: string | null; limit: number },
  ): Promise<HistoryUnitRow[]> => {
    const before = q.before.toISOString();
    const from = q.afterId === null ? sql`true` : sql`c.id > ${q.afterId}`;
    const rows = await queryRows<UnitSqlRow>(
      db,
      sql`select c.id, c.org_id, c.wa_id, c.status, c.assigned_to, c.team_id, c.category,
                 c.category_source, c.category_confidence, c.origin, c.handoff_summary,
                 c.created_at, c.updated_at, c.closed_at,
                 s.updated_at as state_updated_at, s.context_since,
                 fa.id as first_agent_id, fa.sender_user_id as first_agent_user_id,
                 ab.id as anchor_bot_id, ab.created_at as anchor_bot_at, ab.text as anchor_bot_text
          from inbox.conversations c
          left join inbox.bot_conversation_state s on s.conversation_id = c.id
          left join lateral (
            select m.id, m.created_at, m.sender_user_id from inbox.messages m
            where m.conversation_id = c.id and m.created_at < ${before}::timestamptz and m.sender = 'agent'
            order by m.created_at, m.id limit 1
          ) fa on true
          left join lateral (
            select m.id, m.created_at, m.text from inbox.messages m
            where m.conversation_id = c.id and m.created_at < ${before}::timestamptz and m.sender = 'bot'
              and (fa.id is null or (m.created_at, m.id) < (fa.created_at, fa.id))
            order by m.created_at desc, m.id desc limit 1
          ) ab on true
          where ${from} and c.created_at < ${before}::timestamptz
          order by c.id
          limit ${q.limit}`,
    );
    return rows.map(toUnit);
  },

  /**
   * Up to `limit` messages of these conversations before the cutoff, in export order
   * (conversation, created_at, id), each conversation from its first message: one ordered walk of
   * messages_conversation_created per conversation, stopping at the limit.
   */
  messages: (
    db: Db,
    q: { conversationIds: string[]; before: Date; limit: number },
  ): Promise<PositionedMessage[]> =>
    q.conversationIds.length === 0
      ? Promise.resolve([])
      : readMessages(db, inArray(messages.conversationId, q.conversationIds), q.before, q.limit),

  /**
   * Up to `limit` messages of one conversation before the cutoff after a position in it. The
   * conversation is an equality and the position a comparison of (created_at, id), so the index
   * walk starts at the position: a page late in a huge conversation costs what an early one does.
   * The position must be an ISO instant (the cursor checks it).
   */
  messagesAfter: (
    db: Db,
    q: { conversationId: string; after: MessagePosition; before: Date; limit: number },
  ): Promise<PositionedMessage[]> =>
    readMessages(
      db,
      and(
        eq(messages.conversationId, q.conversationId),
        sql`(${messages.createdAt}, ${messages.id}) > (${q.after.position}::timestamptz, ${q.after.messageId})`,
      )!,
      q.before,
      q.limit,
    ),

  /** The stored bot settings of these organizations (absent: never configured). */
  botSettings: async (db: Db, orgIds: number[]) =>
    orgIds.length === 0
      ? []
      : db
          .select({ orgId: botConfig.orgId, settings: botConfig.settings })
          .from(botConfig)
          .where(inArray(botConfig.orgId, orgIds)),
};
