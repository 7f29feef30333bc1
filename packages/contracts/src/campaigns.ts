/**
 * Campaigns: the vocabularies and limits that the gateway (REST validation, OpenAPI), the campaigns
 * service and the inbox (which recognizes campaign sends) share. Facts behind the numbers:
 * shared/reference/templates-campaigns-bot-analytics.md §B and whatsapp-cloud-api.md §2–§3, §7–§8.
 */

export const CAMPAIGN_STATUSES = [
  'SCHEDULED',
  'QUEUED',
  'SENDING',
  'PAUSED',
  'COMPLETED',
  'CANCELLED',
  'FAILED',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const isCampaignStatus = (value: string): value is CampaignStatus =>
  (CAMPAIGN_STATUSES as readonly string[]).includes(value);

export const CAMPAIGN_KINDS = ['STANDARD', 'SURVEY'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** What the API shows of a recipient. */
export const RECIPIENT_STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'REPLIED'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** The `status` filter of `GET /campaigns/{id}` and its export. */
export const RECIPIENT_STATUS_FILTERS = ['all', ...RECIPIENT_STATUSES] as const;

/** Why a campaign paused (`pauseCode`); `pauseReason` holds the words. */
export const CAMPAIGN_PAUSE_CODES = [
  'MANUAL',
  'SPAM_LIMIT',
  'POLICY_BLOCK',
  'ACCOUNT_LOCKED',
  'AUTHENTICATION',
  'PAYMENT',
  'TEMPLATE_PAUSED',
  'TEMPLATE_DISABLED',
  'TEMPLATE_NOT_APPROVED',
  'REQUEST_REJECTED',
] as const;
export type CampaignPauseCode = (typeof CAMPAIGN_PAUSE_CODES)[number];

/** The principal the campaigns service calls other services as (kind SERVICE): the inbox lets it send survey questions. */
export const CAMPAIGNS_SERVICE_PRINCIPAL = 'campaigns';
/** Recipients' parameter sets per PrepareSends call (templates.v1): create sends a list in batches of this. */
export const PREPARE_SENDS_MAX = 5_000;

/** The problem code of a campaign none of whose recipients could be kept (REST 422). */
export const NO_VALID_RECIPIENTS = 'NO_VALID_RECIPIENTS';

/** One campaign's list, however it arrives (JSON body or CSV); the REST body limit is sized for it. */
export const MAX_CAMPAIGN_RECIPIENTS = 100_000;
/** POST /campaigns accepts this much JSON (100,000 recipients with a few parameters each). */
export const CAMPAIGN_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/** The CSV import: a file of at most this size. */
export const CAMPAIGN_CSV_MAX_BYTES = 32 * 1024 * 1024;
export const CAMPAIGN_NAME_MAX = 200;
export const SURVEY_MAX_QUESTIONS = 10;
export const SURVEY_QUESTION_MAX = 1024;
/** Reply buttons take 3 options of 20 characters; a list takes 10 rows of 24. */
export const SURVEY_BUTTON_OPTIONS_MAX = 3;
export const SURVEY_LIST_OPTIONS_MAX = 10;
export const SURVEY_OPTION_MAX = 24;

/** `GET /campaigns/{id}` recipients and `GET /campaigns/{id}/survey-results`: the spec's defaults. */
export const RECIPIENTS_PAGE_DEFAULT = 25;
export const SURVEY_RESULTS_PAGE_DEFAULT = 50;
export const CAMPAIGN_PAGE_MAX = 200;

/** A reply within this long after the send counts for the campaign (REPLIED, survey answers). */
export const REPLY_ATTRIBUTION_HOURS = 72;
/** WhatsApp's own reporting window of `GET /campaigns/provider-costs`. */
export const PROVIDER_COSTS_DAYS = 90;

/**
 * `biz_opaque_callback_data` of every campaign send: the marker and the recipient's id. WhatsApp
 * echoes it on the send's status webhooks; the inbox leaves those statuses to the campaigns
 * service, and a worker that lost a send's answer learns the outcome from them.
 */
const CALLBACK_PREFIX = 'campaign:';
export const campaignCallbackData = (recipientId: string): string => `${CALLBACK_PREFIX}${recipientId}`;
/** The recipient id of a campaign send's callback data; undefined for anything else. */
export const campaignRecipientOf = (callbackData: string | undefined | null): string | undefined =>
  callbackData?.startsWith(CALLBACK_PREFIX) && callbackData.length > CALLBACK_PREFIX.length
    ? callbackData.slice(CALLBACK_PREFIX.length)
    : undefined;
