import { INBOX_EVENTS, type inboxEventSchemas } from '@inbox/contracts';
import type { Db, EventToRecord } from '@inbox/platform';
import {
  contactKey,
  ingestBatchRepository as repo,
  quoteKey,
  type ContactKey,
} from '../../db/repositories/ingest-batch.repository';
import type { ContactRow, ConversationRow } from '../../db/repositories/conversation-views';
import { decideTemplateCategory, type CustomerMessage } from '../../domain/template-reply';
import { systemOrigin } from '../../events';

type InboxEvent = EventToRecord<typeof inboxEventSchemas>;

/** A customer's message stored in this batch: who wrote, where it landed, when WhatsApp says they wrote it. */
export interface StoredReply {
  contact: ContactKey;
  conversation: ConversationRow;
  writtenAt: Date;
  /** The platform id of the message it quotes (its `context`: a quote, a button, a reaction). */
  quotes: string | null;
  requestId?: string;
}

/**
 * A customer's reply to a template gives the conversation it lands in (the template's own, or its
 * active successor when that one was closed meanwhile) the template's inbox category, when the
 * conversation has none (domain/template-reply.ts: the quoted template, else the latest accepted
 * one within its window). The contact carries the latest one's category and date, and a template
 * message keeps its own, so this costs nothing unless a template left one or a message quotes
 * something: then one statement to read the quoted messages, and one or two to write.
 */
export async function applyTemplateCategories(
  tx: Db,
  contacts: ReadonlyMap<string, { contact: ContactRow }>,
  replies: StoredReply[],
  events: InboxEvent[],
): Promise<void> {
  const quoted = await repo.quotedTemplateCategories(
    tx,
    replies.flatMap((r) => (r.quotes ? [{ ...r.contact, providerMessageId: r.quotes }] : [])),
  );
  const byContact = new Map<string, StoredReply[]>();
  for (const reply of replies) {
    const key = contactKey(reply.contact);
    const own = byContact.get(key);
    if (own) own.push(reply);
    else byContact.set(key, [reply]);
  }
  const settled: ContactKey[] = [];
  const given: Array<{ reply: StoredReply; category: string }> = [];
  for (const [key, own] of byContact) {
    const contact = contacts.get(key)?.contact;
    if (!contact) continue;
    const messages = own.map((reply): CustomerMessage => {
      const category = reply.quotes ? quoted.get(quoteKey(reply.contact, reply.quotes)) : undefined;
      return category === undefined
        ? { writtenAt: reply.writtenAt }
        : { writtenAt: reply.writtenAt, quotedTemplate: { category } };
    });
    const pending = { category: contact.pendingTemplateCategory, sentAt: contact.pendingTemplateSentAt };
    const decision = decideTemplateCategory(pending, messages);
    if (decision.settlesPending) settled.push(contact);
    if (decision.given) given.push({ reply: own[decision.given.index], category: decision.given.category });
  }
  await repo.clearPendingTemplateCategories(tx, settled);
  const categorized = await repo.categorizeConversations(
    tx,
    given.map(({ reply, category }) => ({
      orgId: reply.conversation.orgId,
      conversationId: reply.conversation.id,
      category,
    })),
  );
  const requestOf = new Map(given.map(({ reply }) => [reply.conversation.id, reply.requestId]));
  for (const row of categorized)
    events.push({
      origin: systemOrigin(row.orgId, requestOf.get(row.id)),
      type: INBOX_EVENTS.conversationCategorized,
      data: {
        conversationId: row.id,
        waId: row.waId,
        category: row.category,
        previous: null,
        source: 'template',
        actorId: null,
      },
    });
}
