import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { conversations, messages } from '../schema';
import type { MessageRow } from './conversation-views';

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

/** SQL of status webhooks: the message a status is about, by its platform id (inbound messages: ingest-batch). */
export const ingestRepository = {
  /**
   * The outbound message a status is about: by the platform's id, else by the callback data every
   * send carries (our message id) when the send's answer was lost and the id never stored.
   */
  findMessageForStatus: async (
    db: Db,
    orgId: number,
    providerMessageId: string,
    callbackData?: string,
  ): Promise<{ message: MessageRow; waId: string } | undefined> => {
    // Two queries: a join would lock the conversation row too, which inbound messages also lock.
    let [message] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.orgId, orgId), eq(messages.providerMessageId, providerMessageId)))
      .for('update');
    if (!message && callbackData) {
      [message] = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.orgId, orgId),
            eq(messages.id, callbackData),
            eq(messages.direction, 'outbound'),
            isNull(messages.providerMessageId),
          ),
        )
        .for('update');
    }
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
