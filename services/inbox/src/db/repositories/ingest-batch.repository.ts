import { and, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { contacts, conversations, messages } from '../schema';
import type { ContactRow, ConversationRow } from './conversation-views';

/** A contact by its natural key. */
export interface ContactKey {
  orgId: number;
  waId: string;
}

export const contactKey = (k: ContactKey): string => `${k.orgId}:${k.waId}`;

/** A customer's quote of one of the platform's message ids. */
export const quoteKey = (k: ContactKey, providerMessageId: string): string =>
  `${contactKey(k)}:${providerMessageId}`;

/** What the batch needs back of a stored inbound message. */
export interface StoredInbound {
  id: string;
  orgId: number;
  conversationId: string;
  providerMessageId: string;
  providerTimestamp: Date;
}

/** The conversation fields an inbound batch changes, as absolute values read under the row lock. */
export interface InboundConversationPatch {
  orgId: number;
  id: string;
  status: string;
  unreadCount: number;
  lastMessageAt: Date | null;
  lastMessagePreview: string | null;
  lastMessageDirection: string | null;
  lastCustomerMessageAt: Date | null;
  updatedAt: Date;
}

/** The keys as one JSON parameter (one parameter per value costs more to build than to run). */
const contactKeys = (keys: ContactKey[]): SQL =>
  sql`(select "orgId", "waId" from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k("orgId" int, "waId" text))`;

/**
 * SQL of batched webhook ingestion: many inbound messages in a few multi-row statements instead of
 * a transaction each (the ingest benchmark's bottleneck was round trips, not work).
 */
export const ingestBatchRepository = {
  /** The platform message ids among these that are already stored, as `orgId:providerMessageId`. */
  storedProviderIds: async (
    db: Db,
    items: Array<{ orgId: number; providerMessageId: string }>,
  ): Promise<Set<string>> => {
    if (items.length === 0) return new Set();
    const rows = await db
      .select({ orgId: messages.orgId, providerMessageId: messages.providerMessageId })
      .from(messages)
      .where(
        sql`(${messages.orgId}, ${messages.providerMessageId}) in (select "orgId", "providerMessageId"
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as k("orgId" int, "providerMessageId" text))`,
      );
    return new Set(rows.map((r) => `${r.orgId}:${r.providerMessageId}`));
  },

  /**
   * The contacts, created when new, locked until the transaction ends, in one fixed order (so two
   * batches sharing contacts wait for each other instead of deadlocking).
   */
  lockContacts: async (
    db: Db,
    keys: ContactKey[],
    now: Date,
  ): Promise<Map<string, { contact: ContactRow; created: boolean }>> => {
    const sorted = [...keys].sort(
      (a, b) => a.orgId - b.orgId || (a.waId < b.waId ? -1 : a.waId > b.waId ? 1 : 0),
    );
    const inserted = await queryRows<ContactKey>(
      db,
      sql`insert into ${contacts} (org_id, wa_id, created_at, updated_at)
        select "orgId", "waId", ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(sorted)}::jsonb) as k("orgId" int, "waId" text)
        on conflict do nothing
        returning org_id as "orgId", wa_id as "waId"`,
    );
    const created = new Set(inserted.map(contactKey));
    const rows = await db
      .select()
      .from(contacts)
      .where(sql`(${contacts.orgId}, ${contacts.waId}) in ${contactKeys(sorted)}`)
      .orderBy(contacts.orgId, contacts.waId)
      .for('update');
    return new Map(
      rows.map((contact) => [contactKey(contact), { contact, created: created.has(contactKey(contact)) }]),
    );
  },

  setProfileNames: async (
    db: Db,
    updates: Array<ContactKey & { profileName: string }>,
    now: Date,
  ): Promise<void> => {
    if (updates.length === 0) return;
    const values = sql.join(
      updates.map((u) => sql`(${u.orgId}::int, ${u.waId}::text, ${u.profileName}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${contacts} set profile_name = v.profile_name, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(org_id, wa_id, profile_name)
      where ${contacts.orgId} = v.org_id and ${contacts.waId} = v.wa_id`);
  },

  /** The contacts' conversations that are not CLOSED, locked for the rest of the transaction. */
  lockActiveConversations: async (db: Db, keys: ContactKey[]): Promise<Map<string, ConversationRow>> => {
    if (keys.length === 0) return new Map();
    const rows = await db
      .select()
      .from(conversations)
      .where(
        and(
          sql`(${conversations.orgId}, ${conversations.waId}) in ${contactKeys(keys)}`,
          ne(conversations.status, 'CLOSED'),
        ),
      )
      .orderBy(conversations.id)
      .for('update');
    return new Map(rows.map((row) => [contactKey(row), row]));
  },

  insertConversations: async (
    db: Db,
    rows: Array<typeof conversations.$inferInsert>,
  ): Promise<ConversationRow[]> =>
    rows.length === 0 ? [] : db.insert(conversations).values(rows).returning(),

  /**
   * Inserts the messages whose platform id is new; the ones returned are the ones stored. The rows
   * travel as one JSON parameter: a statement with a parameter per value cost more to build than
   * to run.
   */
  insertMessagesOnce: async (db: Db, rows: Array<typeof messages.$inferInsert>): Promise<StoredInbound[]> => {
    if (rows.length === 0) return [];
    const stored = await queryRows<{
      id: string;
      org_id: number;
      conversation_id: string;
      provider_message_id: string;
      provider_timestamp: Date | string;
    }>(
      db,
      sql`insert into ${messages} (id, org_id, conversation_id, direction, sender, type, text, content,
          provider_media_id, media_mime_type, media_filename, media_caption, media_sha256, media_status,
          reaction, status, provider_message_id, reply_to_provider_id, provider_timestamp, created_at, updated_at)
        select id, "orgId", "conversationId", direction, sender, type, text, content,
          "providerMediaId", "mediaMimeType", "mediaFilename", "mediaCaption", "mediaSha256", "mediaStatus",
          reaction, status, "providerMessageId", "replyToProviderId", "providerTimestamp", "createdAt", "updatedAt"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, "orgId" int, "conversationId" text,
          direction text, sender text, type text, text text, content jsonb, "providerMediaId" text,
          "mediaMimeType" text, "mediaFilename" text, "mediaCaption" text, "mediaSha256" text, "mediaStatus" text,
          reaction text, status text, "providerMessageId" text, "replyToProviderId" text,
          "providerTimestamp" timestamptz, "createdAt" timestamptz, "updatedAt" timestamptz)
        on conflict (org_id, provider_message_id) where provider_message_id is not null do nothing
        returning id, org_id, conversation_id, provider_message_id, provider_timestamp`,
    );
    return stored.map((r) => ({
      id: r.id,
      orgId: r.org_id,
      conversationId: r.conversation_id,
      providerMessageId: r.provider_message_id,
      providerTimestamp: new Date(r.provider_timestamp),
    }));
  },

  /**
   * The inbox categories of the template messages these customers' messages quote, as
   * `orgId:waId:providerMessageId` → category (null: the template had none). One statement for the
   * batch. Only an outbound template message of that customer's own chat counts.
   */
  quotedTemplateCategories: async (
    db: Db,
    quotes: Array<ContactKey & { providerMessageId: string }>,
  ): Promise<Map<string, string | null>> => {
    if (quotes.length === 0) return new Map();
    const rows = await queryRows<ContactKey & { providerMessageId: string; category: string | null }>(
      db,
      sql`select q."orgId", q."waId", q."providerMessageId", m.content -> 'template' ->> 'inboxCategory' as category
        from jsonb_to_recordset(${JSON.stringify(quotes)}::jsonb) as q("orgId" int, "waId" text, "providerMessageId" text)
        join ${messages} m on m.org_id = q."orgId" and m.provider_message_id = q."providerMessageId"
        join ${conversations} c on c.id = m.conversation_id
        where m.direction = 'outbound' and m.type = 'template' and c.wa_id = q."waId"`,
    );
    return new Map(rows.map((r) => [quoteKey(r, r.providerMessageId), r.category]));
  },

  /** The contacts' pending template categories are answered: cleared, in one statement. */
  clearPendingTemplateCategories: async (db: Db, keys: ContactKey[]): Promise<void> => {
    if (keys.length === 0) return;
    await db.execute(sql`
      update ${contacts} set pending_template_category = null, pending_template_sent_at = null,
        pending_template_message_id = null
      where (${contacts.orgId}, ${contacts.waId}) in ${contactKeys(keys)}`);
  },

  /**
   * Gives each conversation its template category when it still has none, in one statement (a
   * campaign's replies arrive together). Answers the conversations categorized.
   */
  categorizeConversations: async (
    db: Db,
    rows: Array<{ orgId: number; conversationId: string; category: string }>,
  ): Promise<Array<{ orgId: number; id: string; waId: string; category: string }>> => {
    if (rows.length === 0) return [];
    return queryRows(
      db,
      sql`update ${conversations} set category = v.category
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v("orgId" int, "conversationId" text, category text)
        where ${conversations.orgId} = v."orgId" and ${conversations.id} = v."conversationId"
          and ${conversations.category} is null
        returning ${conversations.orgId} as "orgId", ${conversations.id} as id, ${conversations.waId} as "waId",
          ${conversations.category} as category`,
    );
  },

  applyInbound: async (db: Db, patches: InboundConversationPatch[]): Promise<void> => {
    if (patches.length === 0) return;
    const values = patches.map((p) => ({
      orgId: p.orgId,
      id: p.id,
      status: p.status,
      unreadCount: p.unreadCount,
      lastMessageAt: p.lastMessageAt,
      lastMessagePreview: p.lastMessagePreview,
      lastMessageDirection: p.lastMessageDirection,
      lastCustomerMessageAt: p.lastCustomerMessageAt,
      updatedAt: p.updatedAt,
    }));
    await db.execute(sql`
      update ${conversations} set status = v.status, unread_count = v."unreadCount",
        last_message_at = v."lastMessageAt", last_message_preview = v."lastMessagePreview",
        last_message_direction = v."lastMessageDirection",
        last_customer_message_at = v."lastCustomerMessageAt", updated_at = v."updatedAt"
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v("orgId" int, id text, status text,
        "unreadCount" int, "lastMessageAt" timestamptz, "lastMessagePreview" text,
        "lastMessageDirection" text, "lastCustomerMessageAt" timestamptz, "updatedAt" timestamptz)
      where ${conversations.orgId} = v."orgId" and ${conversations.id} = v.id`);
  },
};
