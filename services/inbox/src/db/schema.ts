import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BotCategories, BotSettings, RoutingRules } from '@inbox/contracts';
import { createdAtColumn, outboxTables, timestamptz, updatedAtColumn } from '@inbox/platform';

/** Everything the inbox owns lives in this schema; no other service reads it. */
export const inbox = pgSchema('inbox');

const ts = timestamptz;
const createdAt = createdAtColumn;
const updatedAt = updatedAtColumn;

/** The organization's WhatsApp channel (one per organization). */
export const channels = inbox.table('channels', {
  orgId: integer('org_id').primaryKey(),
  phoneNumberId: text('phone_number_id').notNull().unique(),
  /** One organization per WhatsApp Business Account: account-level webhooks find it by this id. */
  wabaId: text('waba_id').notNull().unique(),
  displayPhoneNumber: text('display_phone_number'),
  apiBaseUrl: text('api_base_url').notNull(),
  apiVersion: text('api_version').notNull(),
  /** AES-256-GCM with INBOX_ENCRYPTION_KEY (or a previous key, until a start seals it again): `v1:<iv>:<tag>:<ciphertext>` (base64url). */
  accessTokenEncrypted: text('access_token_encrypted'),
  botEnabled: boolean('bot_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contacts = inbox.table(
  'contacts',
  {
    orgId: integer('org_id').notNull(),
    waId: text('wa_id').notNull(),
    /** The name the agent set; `profileName` is what WhatsApp reports. */
    name: text('name'),
    profileName: text('profile_name'),
    alias: text('alias'),
    notes: text('notes'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The inbox category of the latest template WhatsApp accepted for the contact, until the
     * customer's next message gives it to the conversation that message lands in (when that one
     * has none). Only a reply within TEMPLATE_REPLY_WINDOW_MS of the send takes it; a message quoting
     * one of our template messages takes that template's category instead.
     */
    pendingTemplateCategory: text('pending_template_category'),
    /** When WhatsApp accepted that template (null: no category pending). */
    pendingTemplateSentAt: ts('pending_template_sent_at'),
    /** That template's message: a status webhook failing it takes the category back. */
    pendingTemplateMessageId: text('pending_template_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.waId] }),
    index('contacts_search_trgm').using(
      'gin',
      sql`(coalesce(${t.name}, '') || ' ' || coalesce(${t.profileName}, '') || ' ' || coalesce(${t.alias}, '') || ' ' || ${t.waId}) gin_trgm_ops`,
    ),
  ],
);

export const conversations = inbox.table(
  'conversations',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    waId: text('wa_id').notNull(),
    status: text('status').notNull(),
    assignedTo: text('assigned_to'),
    teamId: text('team_id'),
    category: text('category'),
    /** Who gave the category (agent, ai, merge, contact, template) and, for `ai`, how sure it was. */
    categorySource: text('category_source'),
    categoryConfidence: doublePrecision('category_confidence'),
    origin: text('origin').notNull(),
    followUp: boolean('follow_up').notNull().default(false),
    followUpNote: text('follow_up_note'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: ts('last_message_at'),
    lastMessagePreview: text('last_message_preview'),
    lastMessageDirection: text('last_message_direction'),
    lastCustomerMessageAt: ts('last_customer_message_at'),
    handoffSummary: text('handoff_summary'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    // At most one active conversation per contact, even with concurrent consumers.
    uniqueIndex('conversations_one_active')
      .on(t.orgId, t.waId)
      .where(sql`status <> 'CLOSED'`),
    index('conversations_org_last').on(t.orgId, t.lastMessageAt, t.id),
    index('conversations_org_created').on(t.orgId, t.createdAt, t.id),
    // waiting_longest and windowExpiresWithin: an index range instead of a scan and sort.
    index('conversations_org_customer').on(t.orgId, t.lastCustomerMessageAt, t.id),
    index('conversations_org_status').on(t.orgId, t.status, t.lastMessageAt),
    index('conversations_org_assignee').on(t.orgId, t.assignedTo),
    index('conversations_org_team').on(t.orgId, t.teamId),
    index('conversations_org_category').on(t.orgId, t.category),
    index('conversations_contact').on(t.orgId, t.waId, t.createdAt),
  ],
);

export const conversationTags = inbox.table(
  'conversation_tags',
  {
    conversationId: text('conversation_id').notNull(),
    tagId: text('tag_id').notNull(),
    orgId: integer('org_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.tagId] }),
    index('conversation_tags_tag').on(t.orgId, t.tagId),
  ],
);

export const messages = inbox.table(
  'messages',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    direction: text('direction').notNull(), // inbound | outbound
    sender: text('sender').notNull(), // customer | agent | bot | system | campaign
    senderUserId: text('sender_user_id'),
    type: text('type').notNull(),
    text: text('text'),
    /** Type-specific payload: location, contacts, interactive, button, context, referral. */
    content: jsonb('content').$type<Record<string, unknown>>(),
    providerMediaId: text('provider_media_id'),
    mediaMimeType: text('media_mime_type'),
    mediaSize: integer('media_size'),
    mediaFilename: text('media_filename'),
    mediaCaption: text('media_caption'),
    mediaSha256: text('media_sha256'),
    mediaStatus: text('media_status'), // PENDING | READY | FAILED
    mediaError: text('media_error'),
    mediaBlobKey: text('media_blob_key'),
    reaction: text('reaction'),
    hidden: boolean('hidden').notNull().default(false),
    status: text('status').notNull(), // RECEIVED | PENDING | SENT | DELIVERED | READ | FAILED
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    providerMessageId: text('provider_message_id'),
    replyToProviderId: text('reply_to_provider_id'),
    idempotencyKey: text('idempotency_key'),
    /** The platform's timestamp (inbound) or the last status change's timestamp (outbound). */
    providerTimestamp: ts('provider_timestamp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Exactly once per platform message id, across redeliveries, restarts and concurrent consumers.
    uniqueIndex('messages_provider_id')
      .on(t.orgId, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    uniqueIndex('messages_idempotency')
      .on(t.orgId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    index('messages_conversation_created').on(t.conversationId, t.createdAt, t.id),
    // The stale-send sweeper looks only at PENDING sends, a handful at any time: a partial index stays tiny.
    index('messages_pending_sends')
      .on(t.createdAt)
      .where(sql`status = 'PENDING'`),
    index('messages_text_trgm').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
);

export const quickReplies = inbox.table(
  'quick_replies',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    shortcut: text('shortcut').notNull(),
    label: text('label').notNull(),
    text: text('text').notNull(),
    active: boolean('active').notNull().default(true),
    mediaBlobKey: text('media_blob_key'),
    mediaMimeType: text('media_mime_type'),
    mediaSize: integer('media_size'),
    mediaFilename: text('media_filename'),
    mediaSha256: text('media_sha256'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quick_replies_org_shortcut').on(t.orgId, sql`lower(${t.shortcut})`)],
);

/**
 * The bot's configuration documents of an organization (null: the defaults). `enabled` is not
 * here: it is the channel's `botEnabled`, its one home. `version` grows at every change, so every
 * process retrains its cached model when it sees a newer one.
 */
export const botConfig = inbox.table('bot_config', {
  orgId: integer('org_id').primaryKey(),
  settings: jsonb('settings').$type<Omit<BotSettings, 'enabled'>>(),
  settingsUpdatedAt: ts('settings_updated_at'),
  categories: jsonb('categories').$type<BotCategories>(),
  categoriesUpdatedAt: ts('categories_updated_at'),
  routing: jsonb('routing').$type<RoutingRules>(),
  routingUpdatedAt: ts('routing_updated_at'),
  version: integer('version').notNull().default(0),
});

/** What the bot remembers of a conversation it handles; its context starts at `contextSince`. */
export const botConversationState = inbox.table('bot_conversation_state', {
  conversationId: text('conversation_id').primaryKey(),
  orgId: integer('org_id').notNull(),
  greeted: boolean('greeted').notNull().default(false),
  consecutiveFallbacks: integer('consecutive_fallbacks').notNull().default(0),
  /** The last customer message the bot acted on: a redelivered one is not answered twice. */
  lastTurnMessageId: text('last_turn_message_id'),
  lastIntent: text('last_intent'),
  /** Messages before this are not the bot's context (set at return-to-bot and reopen). */
  contextSince: ts('context_since'),
  updatedAt: updatedAt(),
});

/** Round-robin position per team: the member routing gave the last conversation to. */
export const routingCursors = inbox.table(
  'routing_cursors',
  {
    orgId: integer('org_id').notNull(),
    teamId: text('team_id').notNull(),
    lastUserId: text('last_user_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.teamId] })],
);

/** Long jobs (bulk re-classify): progress readable at GET /jobs/{id}; `cursor` lets a redelivered job resume. */
export const jobs = inbox.table(
  'jobs',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    kind: text('kind').notNull(), // reclassify
    status: text('status').notNull(), // QUEUED | RUNNING | COMPLETED | FAILED
    scope: text('scope').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    reclassified: integer('reclassified').notNull().default(0),
    rerouted: integer('rerouted').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The last conversation id handled (conversations are walked by id). */
    cursor: text('cursor'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('jobs_org_created').on(t.orgId, t.createdAt)],
);

export const { outbox, processedEvents } = outboxTables(inbox);
