import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { conversations, conversationTags, messages } from '../schema';
import type { ConversationRow } from './conversation-views';

export type ConversationPatch = Partial<Omit<typeof conversations.$inferInsert, 'id' | 'orgId' | 'waId'>>;

/** A conversation's metadata as the timeline and the contact history show it. */
export interface ConversationSummaryRow {
  id: string;
  status: string;
  category: string | null;
  origin: string;
  assignedTo: string | null;
  messageCount: number;
  createdAt: Date;
  closedAt: Date | null;
  lastMessageAt: Date | null;
}

const ACTIVE = sql`${conversations.status} <> 'CLOSED'`;
const byId = (orgId: number, id: string) => and(eq(conversations.orgId, orgId), eq(conversations.id, id));

export const conversationsRepository = {
  find: async (db: Db, orgId: number, id: string): Promise<ConversationRow | undefined> =>
    (await db.select().from(conversations).where(byId(orgId, id)))[0],

  /** Row lock: concurrent actions on one conversation run one after the other, each seeing the last one's result. */
  lock: async (tx: Db, orgId: number, id: string): Promise<ConversationRow | undefined> =>
    (await tx.select().from(conversations).where(byId(orgId, id)).for('update'))[0],

  update: async (tx: Db, orgId: number, id: string, patch: ConversationPatch): Promise<ConversationRow> =>
    (await tx.update(conversations).set(patch).where(byId(orgId, id)).returning())[0],

  /** The contact's active conversation other than this one (at most one exists: conversations_one_active). */
  activeSibling: async (db: Db, orgId: number, waId: string, exceptId: string): Promise<string | undefined> =>
    (
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.orgId, orgId),
            eq(conversations.waId, waId),
            ne(conversations.id, exceptId),
            ACTIVE,
          ),
        )
    )[0]?.id,

  insert: async (tx: Db, row: typeof conversations.$inferInsert): Promise<ConversationRow> =>
    (await tx.insert(conversations).values(row).returning())[0],

  /** The latest conversation among these wa_ids of one person, an active one first. */
  latestOfContacts: async (db: Db, orgId: number, waIds: string[]): Promise<ConversationRow | undefined> =>
    (
      await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.orgId, orgId), inArray(conversations.waId, waIds)))
        .orderBy(sql`(${ACTIVE}) desc`, desc(conversations.createdAt), desc(conversations.id))
        .limit(1)
    )[0],

  /** Locked, so a category applied to them cannot interleave with an agent's action. */
  lockActiveOfContact: (tx: Db, orgId: number, waId: string): Promise<ConversationRow[]> =>
    tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.orgId, orgId), eq(conversations.waId, waId), ACTIVE))
      .for('update'),

  lockActiveAssignedTo: (tx: Db, orgId: number, userId: string): Promise<ConversationRow[]> =>
    tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.orgId, orgId), eq(conversations.assignedTo, userId), ACTIVE))
      .orderBy(conversations.id)
      .for('update'),

  /** Every conversation of the contact, newest first, with its message count. */
  summariesOfContact: (db: Db, orgId: number, waId: string): Promise<ConversationSummaryRow[]> =>
    db
      .select({
        id: conversations.id,
        status: conversations.status,
        category: conversations.category,
        origin: conversations.origin,
        assignedTo: conversations.assignedTo,
        messageCount: sql<number>`count(${messages.id})::int`,
        createdAt: conversations.createdAt,
        closedAt: conversations.closedAt,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .leftJoin(messages, and(eq(messages.orgId, orgId), eq(messages.conversationId, conversations.id)))
      .where(and(eq(conversations.orgId, orgId), eq(conversations.waId, waId)))
      // Grouping by the primary key lets every other column of the conversation be selected.
      .groupBy(conversations.id)
      .orderBy(desc(conversations.createdAt), desc(conversations.id)),

  /**
   * Active (non-CLOSED) conversations each of these users holds, for routing by load; users holding
   * none are absent. No users asks nothing of the database (an empty `in ()` is not valid SQL).
   */
  openCountsOfUsers: async (db: Db, orgId: number, userIds: string[]): Promise<Map<string, number>> => {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: conversations.assignedTo, open: count() })
      .from(conversations)
      .where(
        and(
          eq(conversations.orgId, orgId),
          inArray(conversations.assignedTo, userIds),
          ne(conversations.status, 'CLOSED'),
        ),
      )
      .groupBy(conversations.assignedTo);
    // Not null: only rows assigned to one of the users are counted.
    return new Map(rows.map((r) => [r.userId as string, r.open]));
  },

  /** The platform id of the customer's latest message: a read receipt for it covers the ones before. */
  latestInboundProviderMessageId: async (
    db: Db,
    orgId: number,
    conversationId: string,
  ): Promise<string | undefined> =>
    (
      await db
        .select({ providerMessageId: messages.providerMessageId })
        .from(messages)
        .where(
          and(
            eq(messages.orgId, orgId),
            eq(messages.conversationId, conversationId),
            eq(messages.direction, 'inbound'),
            isNotNull(messages.providerMessageId),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1)
    )[0]?.providerMessageId ?? undefined,

  /** Whether the tag was added now (false: it was already there). */
  addTag: async (tx: Db, orgId: number, conversationId: string, tagId: string): Promise<boolean> =>
    (
      await tx
        .insert(conversationTags)
        .values({ orgId, conversationId, tagId })
        .onConflictDoNothing()
        .returning({ tagId: conversationTags.tagId })
    ).length > 0,

  removeTag: async (tx: Db, orgId: number, conversationId: string, tagId: string): Promise<boolean> =>
    (
      await tx
        .delete(conversationTags)
        .where(
          and(
            eq(conversationTags.orgId, orgId),
            eq(conversationTags.conversationId, conversationId),
            eq(conversationTags.tagId, tagId),
          ),
        )
        .returning({ tagId: conversationTags.tagId })
    ).length > 0,

  /** Removes a tag from every conversation of the organization; answers the conversations it was on. */
  removeTagEverywhere: async (
    tx: Db,
    orgId: number,
    tagId: string,
  ): Promise<Array<{ id: string; waId: string }>> => {
    const removed = await tx
      .delete(conversationTags)
      .where(and(eq(conversationTags.orgId, orgId), eq(conversationTags.tagId, tagId)))
      .returning({ conversationId: conversationTags.conversationId });
    if (removed.length === 0) return [];
    return tx
      .select({ id: conversations.id, waId: conversations.waId })
      .from(conversations)
      .where(
        and(
          eq(conversations.orgId, orgId),
          inArray(
            conversations.id,
            removed.map((r) => r.conversationId),
          ),
        ),
      )
      .orderBy(conversations.id);
  },
};
