import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { contacts, conversations } from '../schema';
import type { ContactRow } from './conversation-views';

export type ContactPatch = Partial<
  Pick<typeof contacts.$inferInsert, 'name' | 'alias' | 'notes' | 'customFields' | 'updatedAt'>
>;

/** Where a page ends: `updated_at` in microseconds (a JS Date would drop them) and the wa_id. */
export interface ContactCursor {
  updatedAtUs: string;
  waId: string;
}

/** The contact's current conversation: the active one, else the latest. */
export interface CurrentConversation {
  waId: string;
  conversationId: string;
  category: string | null;
}

// Exactly the expression of the contacts_search_trgm index, so the planner can use it.
const searchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.profileName}, '') || ' ' || coalesce(${contacts.alias}, '') || ' ' || ${contacts.waId})`;
const updatedAtMicros = sql`floor(extract(epoch from ${contacts.updatedAt}) * 1000000)::bigint`;
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contactsRepository = {
  /** A page ordered by updatedAt desc, wa_id desc; one row more than `limit` tells whether another page exists. */
  page: async (
    db: Db,
    orgId: number,
    opts: { search?: string; after?: ContactCursor; limit: number },
  ): Promise<Array<ContactRow & { cursor: ContactCursor }>> => {
    const where: Array<SQL | undefined> = [eq(contacts.orgId, orgId)];
    if (opts.search) where.push(sql`${searchText} ilike ${`%${escapeLike(opts.search)}%`}`);
    if (opts.after)
      where.push(
        sql`(${updatedAtMicros}, ${contacts.waId}) < (${opts.after.updatedAtUs}::bigint, ${opts.after.waId})`,
      );
    const rows = await db
      .select({ contact: contacts, updatedAtUs: sql<string>`${updatedAtMicros}::text` })
      .from(contacts)
      .where(and(...where))
      .orderBy(sql`${contacts.updatedAt} desc, ${contacts.waId} desc`)
      .limit(opts.limit + 1);
    return rows.map((r) => ({ ...r.contact, cursor: { updatedAtUs: r.updatedAtUs, waId: r.contact.waId } }));
  },

  find: async (db: Db, orgId: number, waId: string): Promise<ContactRow | undefined> =>
    (
      await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
    )[0],

  lock: async (tx: Db, orgId: number, waId: string): Promise<ContactRow | undefined> =>
    (
      await tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
        .for('update')
    )[0],

  update: async (tx: Db, orgId: number, waId: string, patch: ContactPatch): Promise<ContactRow> =>
    (
      await tx
        .update(contacts)
        .set(patch)
        .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
        .returning()
    )[0],

  /** The organization's contacts among these wa_ids (the spellings WhatsApp may use for one number). */
  findAmong: (db: Db, orgId: number, waIds: string[]): Promise<ContactRow[]> =>
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.orgId, orgId), inArray(contacts.waId, waIds)))
      .orderBy(sql`${contacts.updatedAt} desc`),

  /** Creates the contact unless it exists, then locks it for the rest of the transaction. */
  ensureLocked: async (tx: Db, orgId: number, waId: string, now: Date): Promise<ContactRow> => {
    await tx.insert(contacts).values({ orgId, waId, createdAt: now, updatedAt: now }).onConflictDoNothing();
    return (
      await tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
        .for('update')
    )[0];
  },

  /**
   * What the customer's reply gives its conversation: the inbox category of the template message
   * `messageId` that WhatsApp accepted at `sentAt` (the latest one), or none.
   */
  setPendingTemplateCategory: async (
    tx: Db,
    orgId: number,
    waId: string,
    pending: { category: string | null; sentAt: Date; messageId: string },
  ): Promise<void> => {
    const { category } = pending;
    await tx
      .update(contacts)
      .set({
        pendingTemplateCategory: category,
        pendingTemplateSentAt: category === null ? null : pending.sentAt,
        pendingTemplateMessageId: category === null ? null : pending.messageId,
      })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)));
  },

  /** Takes back the pending category when the template message that left it failed; one statement. */
  clearPendingTemplateCategoryOf: async (
    tx: Db,
    orgId: number,
    waId: string,
    messageId: string,
  ): Promise<void> => {
    await tx
      .update(contacts)
      .set({ pendingTemplateCategory: null, pendingTemplateSentAt: null, pendingTemplateMessageId: null })
      .where(
        and(
          eq(contacts.orgId, orgId),
          eq(contacts.waId, waId),
          eq(contacts.pendingTemplateMessageId, messageId),
        ),
      );
  },

  /**
   * Files the contact and their conversations under the wa_id WhatsApp uses, unless a contact
   * already has it. True when the contact was renamed.
   */
  renameWaId: async (tx: Db, orgId: number, from: string, to: string): Promise<boolean> => {
    const renamed = await tx
      .update(contacts)
      .set({ waId: to })
      .where(
        and(
          eq(contacts.orgId, orgId),
          eq(contacts.waId, from),
          sql`not exists (select 1 from ${contacts} taken where taken.org_id = ${orgId} and taken.wa_id = ${to})`,
        ),
      )
      .returning({ waId: contacts.waId });
    if (renamed.length === 0) return false;
    await tx
      .update(conversations)
      .set({ waId: to })
      .where(and(eq(conversations.orgId, orgId), eq(conversations.waId, from)));
    return true;
  },

  /** Each contact's current conversation, in one query whatever the page size. */
  currentConversations: async (
    db: Db,
    orgId: number,
    waIds: string[],
  ): Promise<Map<string, CurrentConversation>> => {
    if (waIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([conversations.waId], {
        waId: conversations.waId,
        conversationId: conversations.id,
        category: conversations.category,
      })
      .from(conversations)
      .where(and(eq(conversations.orgId, orgId), inArray(conversations.waId, waIds)))
      .orderBy(
        conversations.waId,
        sql`(${conversations.status} <> 'CLOSED') desc`,
        sql`${conversations.createdAt} desc`,
        sql`${conversations.id} desc`,
      );
    return new Map(rows.map((r) => [r.waId, r]));
  },
};
