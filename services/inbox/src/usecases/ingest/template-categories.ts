import { INBOX_EVENTS, type inboxEventSchemas } from '@inbox/contracts';
import type { Db, EventToRecord } from '@inbox/platform';
import {
  contactKey,
  ingestBatchRepository as repo,
  type ContactKey,
} from '../../db/repositories/ingest-batch.repository';
import type { ContactRow, ConversationRow } from '../../db/repositories/conversation-views';
import { isReplyToTemplate } from '../../domain/template-reply';
import { systemOrigin } from '../../events';

type InboxEvent = EventToRecord<typeof inboxEventSchemas>;

/** A customer's message stored in this batch: who wrote, where it landed, when WhatsApp says they wrote it. */
export interface StoredReply {
  contact: ContactKey;
  conversation: ConversationRow;
  writtenAt: Date;
  requestId?: string;
}

/**
 * A customer's reply to a template gives the conversation it lands in (the template's own, or its
 * active successor when that one was closed meanwhile) the template's inbox category, when the
 * conversation has none. The contact carries the category of the latest template WhatsApp
 * accepted, and when (no lookup of past messages), so this costs nothing unless a template left
 * one: then two statements per batch. A message written long after that template (beyond
 * TEMPLATE_REPLY_WINDOW_MS) is about something else: it takes no category and leaves it as it is.
 */
export async function applyTemplateCategories(
  tx: Db,
  contacts: ReadonlyMap<string, { contact: ContactRow }>,
  replies: StoredReply[],
  events: InboxEvent[],
): Promise<void> {
  const pending = new Map<string, { conversationId: string; category: string; requestId?: string }>();
  for (const { contact, conversation, writtenAt, requestId } of replies) {
    const key = contactKey(contact);
    const row = contacts.get(key)?.contact;
    const category = row?.pendingTemplateCategory;
    if (category && !pending.has(key) && isReplyToTemplate(row.pendingTemplateSentAt, writtenAt))
      pending.set(key, { conversationId: conversation.id, category, requestId });
  }
  if (pending.size === 0) return;
  const categorized = await repo.applyTemplateCategories(
    tx,
    [...pending.entries()].map(([key, { conversationId, category }]) => {
      const { orgId, waId } = contacts.get(key)!.contact;
      return { orgId, waId, conversationId, category };
    }),
  );
  for (const row of categorized)
    events.push({
      origin: systemOrigin(row.orgId, pending.get(contactKey(row))?.requestId),
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
