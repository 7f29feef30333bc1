import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import type { messages } from '../schema';
import { contacts, conversations, conversationTags } from '../schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A conversation with what its answer shows: the contact and the tag ids. */
export interface ConversationView {
  row: ConversationRow;
  contact: ContactRow | null;
  tagIds: string[];
}

/** Contacts and tags for a page of conversations in two queries, whatever the page size. */
export async function loadConversationViews(
  db: Db,
  orgId: number,
  rows: ConversationRow[],
): Promise<ConversationView[]> {
  if (rows.length === 0) return [];
  const waIds = [...new Set(rows.map((r) => r.waId))];
  const ids = rows.map((r) => r.id);
  const [contactRows, tagRows] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.orgId, orgId), inArray(contacts.waId, waIds))),
    db
      .select({ conversationId: conversationTags.conversationId, tagId: conversationTags.tagId })
      .from(conversationTags)
      .where(and(eq(conversationTags.orgId, orgId), inArray(conversationTags.conversationId, ids)))
      .orderBy(conversationTags.createdAt),
  ]);
  const contactByWaId = new Map(contactRows.map((c) => [c.waId, c]));
  const tagsById = new Map<string, string[]>();
  for (const t of tagRows)
    tagsById.set(t.conversationId, [...(tagsById.get(t.conversationId) ?? []), t.tagId]);
  return rows.map((row) => ({
    row,
    contact: contactByWaId.get(row.waId) ?? null,
    tagIds: tagsById.get(row.id) ?? [],
  }));
}

export async function loadConversationView(
  db: Db,
  orgId: number,
  id: string,
): Promise<ConversationView | undefined> {
  const row = (
    await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.orgId, orgId), eq(conversations.id, id)))
  )[0];
  return row ? (await loadConversationViews(db, orgId, [row]))[0] : undefined;
}
