import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgSchema, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CampaignKind, CampaignPauseCode, CampaignStatus } from '@inbox/contracts';
import { createdAtColumn, outboxTables, timestamptz, updatedAtColumn } from '@inbox/platform';

/** Everything the campaigns service owns lives in this schema; no other service reads it. */
export const campaignsSchema = pgSchema('campaigns');

const ts = timestamptz;

/**
 * A recipient's stored status. DISPATCHING: claimed by a worker, its send possibly under way
 * (the API shows it as PENDING). Ranks only move up; FAILED is final except for our own
 * OUTCOME_UNKNOWN, which WhatsApp's word about the send replaces.
 */
export type StoredRecipientStatus =
  'PENDING' | 'DISPATCHING' | 'SENT' | 'DELIVERED' | 'READ' | 'REPLIED' | 'FAILED';

/** One question of a survey (the first is the template's own). */
export interface StoredQuestion {
  text: string;
  options: string[];
}

/** One WhatsApp template component, as Meta shapes it (HEADER, BODY, FOOTER, BUTTONS…). */
export type StoredComponent = { type: string } & Record<string, unknown>;

export const campaigns = campaignsSchema.table(
  'campaigns',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    templateId: text('template_id').notNull(),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    templateCategory: text('template_category').notNull(),
    /** The template's components when the campaign was made: every recipient gets the same message. */
    templateComponents: jsonb('template_components').$type<StoredComponent[]>().notNull(),
    kind: text('kind').$type<CampaignKind>().notNull(),
    status: text('status').$type<CampaignStatus>().notNull(),
    pauseCode: text('pause_code').$type<CampaignPauseCode>(),
    pauseReason: text('pause_reason'),
    scheduledAt: ts('scheduled_at'),
    questions: jsonb('questions').$type<StoredQuestion[]>(),
    /** The number it sends from (the channel when it was made); the rate limit is per number. */
    phoneNumberId: text('phone_number_id').notNull(),
    wabaId: text('waba_id').notNull(),
    /** Recipients stored (their `seq` runs 0 … total − 1). */
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    estimatedCost: doublePrecision('estimated_cost').notNull(),
    createdBy: text('created_by'),
    /** Who paused it by hand (a user or API key id); null for automatic pauses (pause_code says why). */
    pausedBy: text('paused_by'),
    /** Who cancelled it (a user or API key id). */
    cancelledBy: text('cancelled_by'),
    createdAt: createdAtColumn(),
    startedAt: ts('started_at'),
    /** Set when it completed, was cancelled or failed. */
    completedAt: ts('completed_at'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('campaigns_org_created').on(t.orgId, t.createdAt, t.id),
    index('campaigns_template').on(t.orgId, t.templateId),
    index('campaigns_due').on(t.status, t.scheduledAt),
  ],
);

export const campaignRecipients = campaignsSchema.table(
  'campaign_recipients',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    /** Position in the campaign (0 …): send jobs cover ranges of it. */
    seq: integer('seq').notNull(),
    /** E.164, normalized and unique within the campaign. */
    phone: text('phone').notNull(),
    /** How WhatsApp answered the send (`contacts[0].wa_id`); replies are matched on it. */
    waId: text('wa_id'),
    /** The REST `parameters` as given ({ header?, body?, buttons? }), checked at creation. */
    parameters: jsonb('parameters').$type<Record<string, unknown>>(),
    /** The Cloud API `template.components` of this recipient's send, frozen at creation. */
    components: jsonb('components').$type<Record<string, unknown>[]>().notNull(),
    /** The text the customer sees, variables filled in (shown in the inbox when they reply). */
    renderedText: text('rendered_text').notNull(),
    status: text('status').$type<StoredRecipientStatus>().notNull(),
    /** DISPATCHING: until when the claim holds; after it the outcome is unknown (never resent). */
    leaseUntil: ts('lease_until'),
    /** Sends attempted (throttling answers included). */
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (131056 pair rate: 4^n s for this recipient only). */
    notBefore: ts('not_before'),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    errorDetails: text('error_details'),
    /** 131049: WhatsApp may deliver a new attempt after this time (a separate, manual action). */
    retryableAfter: ts('retryable_after'),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    repliedAt: ts('replied_at'),
    failedAt: ts('failed_at'),
    /** WhatsApp's pricing on the status webhooks (kept once per message). */
    pricingType: text('pricing_type'),
    pricingCategory: text('pricing_category'),
    /** The market of the phone (rate card), and what a billable delivery costs. */
    market: text('market').notNull(),
    cost: doublePrecision('cost'),
    /** SURVEY: the question awaiting an answer (0 = the template's); null when done or not a survey. */
    surveyQuestion: integer('survey_question'),
    surveyCompletedAt: ts('survey_completed_at'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_seq').on(t.campaignId, t.seq),
    uniqueIndex('campaign_recipients_phone').on(t.campaignId, t.phone),
    index('campaign_recipients_status').on(t.campaignId, t.status, t.seq),
    uniqueIndex('campaign_recipients_provider_id')
      .on(t.orgId, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    // Reply attribution: the latest send to this person.
    index('campaign_recipients_wa_id').on(t.orgId, t.waId, t.sentAt),
    index('campaign_recipients_lease')
      .on(t.leaseUntil)
      .where(sql`status = 'DISPATCHING'`),
  ],
);

/** Answers of SURVEY recipients, one per question. */
export const surveyAnswers = campaignsSchema.table(
  'survey_answers',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    recipientId: text('recipient_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    answer: text('answer').notNull(),
    /** button | interactive | text */
    source: text('source').notNull(),
    /** The inbound message that answered (WhatsApp's id): a redelivered event records nothing twice. */
    providerMessageId: text('provider_message_id').notNull(),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [
    uniqueIndex('survey_answers_question').on(t.recipientId, t.questionIndex),
    uniqueIndex('survey_answers_message').on(t.orgId, t.providerMessageId),
    index('survey_answers_campaign').on(t.campaignId, t.answeredAt),
  ],
);

/**
 * Leases with an expiry, one holder at a time per name (the scheduler's and the lease sweeper's
 * passes): a holder that dies lets its lease lapse. Plain rows, so the same works in PGlite.
 */
export const campaignLeases = campaignsSchema.table('campaign_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const { outbox, processedEvents } = outboxTables(campaignsSchema);
