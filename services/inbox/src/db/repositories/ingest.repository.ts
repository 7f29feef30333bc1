import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { contacts, conversations, messages } from '../schema';
import type { ContactRow, ConversationRow, MessageRow } from './conversation-views';

/** The partial unique index that keeps one active conversation per contact. */
export const ONE_ACTIVE_CONVERSATION = 'conversations_one_active';

/** Whether an error (possibly wrapped by Drizzle) broke the named unique index. */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (name === constraint || (typeof message === 'string' && message.includes(constraint)))
    )
      return true;
  }
  return false;
}

/** SQL of webhook ingestion: contacts, the active conversation and messages, by platform ids. */
export const ingestRepository = {
  messageExists: async (db: Db, orgId: number, providerMessageId: string): Promise<boolean> =>
    (
      await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.orgId, orgId), eq(messages.providerMessageId, providerMessageId)))
    ).length > 0,

  /**
   * The contact, created when new, locked until the transaction ends. The lock makes concurrent
   * messages of one contact take turns, so they agree on its active conversation.
   */
  lockContact: async (
    db: Db,
    orgId: number,
    waId: string,
    now: Date,
  ): Promise<{ contact: ContactRow; created: boolean }> => {
    const inserted = await db
      .insert(contacts)
      .values({ orgId, waId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return { contact: inserted[0], created: true };
    const [contact] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
      .for('update');
    return { contact, created: false };
  },

  setProfileName: async (
    db: Db,
    orgId: number,
    waId: string,
    profileName: string,
    now: Date,
  ): Promise<void> => {
    await db
      .update(contacts)
      .set({ profileName, updatedAt: now })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)));
  },

  /** The contact's conversation that is not CLOSED, locked for the rest of the transaction. */
  findActiveConversation: async (db: Db, orgId: number, waId: string): Promise<ConversationRow | undefined> =>
    (
      await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.orgId, orgId),
            eq(conversations.waId, waId),
            ne(conversations.status, 'CLOSED'),
          ),
        )
        .for('update')
    )[0],

  insertConversation: async (db: Db, row: typeof conversations.$inferInsert): Promise<ConversationRow> =>
    (await db.insert(conversations).values(row).returning())[0],

  /** The conversation after an inbound message: one more unread, plus the given fields. */
  applyInbound: async (
    db: Db,
    orgId: number,
    id: string,
    patch: Partial<typeof conversations.$inferInsert>,
  ): Promise<void> => {
    await db
      .update(conversations)
      .set({ ...patch, unreadCount: sql`${conversations.unreadCount} + 1` })
      .where(and(eq(conversations.orgId, orgId), eq(conversations.id, id)));
  },

  /** Inserts the message unless one with its platform id exists: undefined means a redelivery. */
  insertMessageOnce: async (db: Db, row: typeof messages.$inferInsert): Promise<MessageRow | undefined> =>
    (
      await db
        .insert(messages)
        .values(row)
        .onConflictDoNothing({
          target: [messages.orgId, messages.providerMessageId],
          where: sql`provider_message_id is not null`,
        })
        .returning()
    )[0],

  /** The message a status webhook is about, locked, with its conversation's contact. */
  findMessageForStatus: async (
    db: Db,
    orgId: number,
    providerMessageId: string,
  ): Promise<{ message: MessageRow; waId: string } | undefined> => {
    // Two queries: a join would lock the conversation row too, which inbound messages also lock.
    const [message] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.orgId, orgId), eq(messages.providerMessageId, providerMessageId)))
      .for('update');
    if (!message) return undefined;
    const [conversation] = await db
      .select({ waId: conversations.waId })
      .from(conversations)
      .where(and(eq(conversations.orgId, orgId), eq(conversations.id, message.conversationId)));
    return conversation ? { message, waId: conversation.waId } : undefined;
  },

  updateMessage: async (
    db: Db,
    orgId: number,
    id: string,
    patch: Partial<typeof messages.$inferInsert>,
  ): Promise<void> => {
    await db
      .update(messages)
      .set(patch)
      .where(and(eq(messages.orgId, orgId), eq(messages.id, id)));
  },
};
