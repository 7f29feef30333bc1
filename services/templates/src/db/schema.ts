import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgSchema, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ParameterFormat, TemplateStatus } from '@inbox/contracts';
import { createdAtColumn, outboxTables, timestamptz, updatedAtColumn } from '@inbox/platform';

/** Everything the templates service owns lives in this schema; no other service reads it. */
export const templatesSchema = pgSchema('templates');

const ts = timestamptz;
const createdAt = createdAtColumn;
const updatedAt = updatedAtColumn;

/** One WhatsApp template component, as Meta shapes it (HEADER, BODY, FOOTER, BUTTONS…). */
export type StoredComponent = { type: string } & Record<string, unknown>;

export const templates = templatesSchema.table(
  'templates',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** The category WhatsApp gave it once submitted; the requested one until then. */
    category: text('category').notNull(),
    /** The category asked for, kept when WhatsApp chose another. */
    requestedCategory: text('requested_category'),
    status: text('status').$type<TemplateStatus>().notNull(),
    components: jsonb('components').$type<StoredComponent[]>().notNull(),
    parameterFormat: text('parameter_format').$type<ParameterFormat>().notNull(),
    folder: text('folder'),
    inboxCategory: text('inbox_category'),
    /** WhatsApp's template id (`hsm_id`), once submitted; numbers in webhooks, stored as text. */
    providerTemplateId: text('provider_template_id'),
    rejectedReason: text('rejected_reason'),
    /** `rejection_info` as WhatsApp sent it (reason, recommendation). */
    rejectionDetails: jsonb('rejection_details').$type<Record<string, unknown>>(),
    qualityRating: text('quality_rating'),
    /** The header sample this organization uploaded, when the HEADER's handle is one of its uploads. */
    headerMediaId: text('header_media_id'),
    /**
     * WhatsApp's time of the latest word about this template: a webhook's event time, or when this
     * service asked WhatsApp to create, submit or edit it. A webhook about an earlier moment is stale.
     */
    providerEventAt: ts('provider_event_at'),
    /**
     * Set while REMOVED because a sync found it gone from WhatsApp (checked by id), not removed by a
     * user: a later listing or webhook that shows it again brings it back.
     */
    goneFromWhatsAppAt: ts('gone_from_whatsapp_at'),
    /**
     * Set (to an expiry) while this service is asking WhatsApp to submit or edit the template, in a
     * tiny statement of its own before the call, cleared after: a second submit or edit meanwhile is
     * a local 409 instead of a call WhatsApp refuses. The expiry frees it if the process dies.
     */
    editingUntil: ts('editing_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // (name, language) is the key WhatsApp knows a template by. A REMOVED row gives the pair up:
    // the name can be created again (WhatsApp answers itself if it still holds the name).
    uniqueIndex('templates_org_name_language')
      .on(t.orgId, t.name, t.language)
      .where(sql`status <> 'REMOVED'`),
    // Every row, REMOVED ones too: a sync or a webhook finds the one local row of a WhatsApp template.
    uniqueIndex('templates_org_provider_id')
      .on(t.orgId, t.providerTemplateId)
      .where(sql`provider_template_id is not null`),
    index('templates_org_status_name').on(t.orgId, t.status, t.name, t.id),
    index('templates_org_name').on(t.orgId, t.name, t.id),
  ],
);

/** Every status change of a template, newest last; `GET /templates/{id}` shows it newest first. */
export const templateStatusHistory = templatesSchema.table(
  'template_status_history',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    templateId: text('template_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** What happened: CREATED, SUBMITTED, EDITED, APPROVED, REJECTED, PAUSED, REMOVED, SYNCED, … */
    event: text('event').notNull(),
    reason: text('reason'),
    /** user | api_key | whatsapp | sync */
    changedBy: text('changed_by').notNull(),
    actorId: text('actor_id'),
    at: ts('at').notNull().defaultNow(),
    /** WhatsApp's time of what the row records (a webhook's event time, a call to WhatsApp's start). */
    providerEventAt: ts('provider_event_at'),
  },
  (t) => [index('template_status_history_template').on(t.templateId, t.at)],
);

/**
 * The edit ledger: one row per edit sent to WhatsApp. The budget (1 per 24 h, 10 per 30 days)
 * counts the edits of the template while it was APPROVED (`from_status`).
 */
export const templateEdits = templatesSchema.table(
  'template_edits',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    templateId: text('template_id').notNull(),
    fromStatus: text('from_status').notNull(),
    actorId: text('actor_id'),
    editedAt: ts('edited_at').notNull().defaultNow(),
  },
  (t) => [index('template_edits_template').on(t.templateId, t.editedAt)],
);

/**
 * Templates created in WhatsApp from here, per WABA: WhatsApp allows 100 an hour. A row is written
 * (under the WABA's budget lock) before WhatsApp is asked, and taken back only when WhatsApp
 * certainly did not create the template.
 */
export const templateCreations = templatesSchema.table(
  'template_creations',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    wabaId: text('waba_id').notNull(),
    templateId: text('template_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('template_creations_waba').on(t.wabaId, t.createdAt)],
);

/**
 * One row per WABA, locked (`FOR UPDATE`) while a creation counts the WABA's hour and records its
 * own: concurrent creations take their turn, so together they never pass WhatsApp's limit.
 */
export const creationBudgets = templatesSchema.table('creation_budgets', {
  wabaId: text('waba_id').primaryKey(),
});

/** Header samples uploaded through the Resumable Upload API, with the file kept on disk. */
export const headerMedia = templatesSchema.table(
  'header_media',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    /** What WhatsApp answered (`h`), put in a HEADER's `example.header_handle[0]`. */
    handle: text('handle').notNull(),
    headerType: text('header_type').notNull(),
    /** The file's blob key (`header-media/<org>/<id>`; its path under MEDIA_DIR with BLOB_STORE=fs). */
    path: text('path').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    filename: text('filename'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('header_media_org_handle').on(t.orgId, t.handle)],
);

/**
 * Leases with an expiry, one holder at a time per name: `sync:periodic` (one replica runs the
 * periodic pass) and `sync:org:<id>` (one sync of an organization at a time). A holder that dies
 * lets its lease lapse. Plain rows, so the same works in PGlite and PostgreSQL.
 */
export const syncLeases = templatesSchema.table('sync_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Each organization's last sync (manual or periodic). Which organizations the periodic sync covers
 * comes from the inbox (ListChannels: every organization with a channel), not from this table.
 */
export const syncOrganizations = templatesSchema.table('sync_organizations', {
  orgId: integer('org_id').primaryKey(),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  /** The last failure's code (null after a success): why the periodic sync could not finish. */
  lastError: text('last_error'),
});

export const { outbox, processedEvents } = outboxTables(templatesSchema);
