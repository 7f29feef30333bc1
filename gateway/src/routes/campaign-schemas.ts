import { z } from 'zod';
import {
  CAMPAIGN_BODY_LIMIT_BYTES,
  CAMPAIGN_KINDS,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PAGE_MAX,
  CAMPAIGN_PAUSE_CODES,
  CAMPAIGN_STATUSES,
  ID_MAX_LENGTH,
  MAX_CAMPAIGN_RECIPIENTS,
  MAX_CURSOR_LENGTH,
  RECIPIENT_STATUS_FILTERS,
  RECIPIENT_STATUSES,
  RECIPIENTS_PAGE_DEFAULT,
  SURVEY_LIST_OPTIONS_MAX,
  SURVEY_MAX_QUESTIONS,
  SURVEY_OPTION_MAX,
  SURVEY_QUESTION_MAX,
  TEMPLATE_LANGUAGES,
} from '@inbox/contracts';
import type { CampaignsApi } from '../clients';
import { nullable, pageLimit, timestamp } from './schemas';
import { templateParameters } from './template-sends.routes';

type Campaigns = CampaignsApi['call'];
type Campaign = Awaited<ReturnType<Campaigns['PauseCampaign']>>;
type Recipient = Awaited<ReturnType<Campaigns['GetCampaign']>>['recipients'][number];
type RecipientInput = NonNullable<Parameters<Campaigns['CreateCampaign']>[0]['recipients']>[number];

const MB = CAMPAIGN_BODY_LIMIT_BYTES / 1024 / 1024;

// ---------- requests ----------

/** A phone as the list gives it: malformed ones are reported in the answer (INVALID_PHONE), not refused. */
const phone = z.string().max(64).describe('any common notation, normalized to E.164 (e.g. +52 55 1234 5678)');

export const recipientInput = z.strictObject({
  phone,
  parameters: templateParameters.describe(
    'this recipient’s template parameters, as for a template send; checked against the template’s variables (INVALID_PARAMETERS in invalidRecipients)',
  ),
});

const recipients = z
  .array(recipientInput)
  .min(1)
  .max(MAX_CAMPAIGN_RECIPIENTS)
  .describe(
    `1 to ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en')} recipients (a body of at most ${MB} MB); invalid phones and duplicates are reported, not stored`,
  );

const question = z.strictObject({
  text: z.string().trim().min(1).max(SURVEY_QUESTION_MAX),
  options: z
    .array(z.string().trim().min(1).max(SURVEY_OPTION_MAX))
    .max(SURVEY_LIST_OPTIONS_MAX)
    .refine((o) => new Set(o).size === o.length, 'Options must differ')
    .optional()
    .describe('none: a free-text answer; up to 3: reply buttons; up to 10: a list'),
});

export const templateLanguage = z
  .enum(TEMPLATE_LANGUAGES)
  .optional()
  .describe('another approved language of the same template name');

/** A date-time with its offset, sent on as UTC. */
const dateTime = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

export const campaignFields = {
  name: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX),
  templateId: z.string().min(1).max(ID_MAX_LENGTH).describe('an APPROVED template'),
  kind: z.enum(CAMPAIGN_KINDS).optional().describe('default STANDARD'),
  language: templateLanguage,
  scheduledAt: dateTime.optional().describe('ISO 8601 date-time with offset; absent or past: now'),
};

export const createCampaignBody = z
  .strictObject({
    ...campaignFields,
    recipients,
    questions: z
      .array(question)
      .min(1)
      .max(SURVEY_MAX_QUESTIONS)
      .optional()
      .describe(
        'SURVEY only (required there): the first is answered by the template’s quick-reply buttons, the others are sent after each answer',
      ),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'SURVEY' && !b.questions)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: 'A SURVEY campaign needs its questions' });
    if (b.kind !== 'SURVEY' && b.questions)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: 'Only a SURVEY campaign has questions' });
  });
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

export const toRecipientInputs = (list: Array<z.infer<typeof recipientInput>>): RecipientInput[] =>
  list.map((r) =>
    r.parameters === undefined
      ? { phone: r.phone }
      : { phone: r.phone, parametersJson: JSON.stringify(r.parameters) },
  );

/** `page` of a paginated read, from 1 (no page can lie beyond a campaign's recipients). */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_CAMPAIGN_RECIPIENTS);

/** A page size of at most CAMPAIGN_PAGE_MAX, `fallback` when absent (the spec's defaults). */
export const pageSizeOf = (fallback: number) =>
  z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_MAX).default(fallback);

export const listCampaignsQuery = z
  .strictObject({
    cursor: z
      .string()
      .min(1)
      .max(MAX_CURSOR_LENGTH)
      .optional()
      .describe('nextCursor of the previous page (cursor pagination, newest first)'),
    page: pageNumber
      .optional()
      .describe('page pagination from 1, instead of a cursor: the answer counts the total'),
    limit: pageLimit,
    status: z.enum(CAMPAIGN_STATUSES).optional(),
    kind: z.enum(CAMPAIGN_KINDS).optional(),
  })
  .refine((q) => !(q.cursor && q.page), {
    path: ['page'],
    message: 'Give a cursor or a page, not both',
  });

export const recipientStatusFilter = z.enum(RECIPIENT_STATUS_FILTERS).optional().describe('default all');

export const campaignDetailQuery = z.strictObject({
  page: pageNumber.default(1),
  limit: pageSizeOf(RECIPIENTS_PAGE_DEFAULT),
  status: recipientStatusFilter,
});

// ---------- answers ----------

export const campaignCounts = z.object({
  total: z.number().int(),
  pending: z.number().int().describe('not sent yet, being sent included'),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
});
export const cost = z.object({
  currency: z.string(),
  estimated: z.number().describe('the rate card × recipients, at creation'),
  actual: z.number().describe('billable deliveries WhatsApp reported × the rate card'),
});

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  templateLanguage: z.string(),
  templateCategory: z.string().describe('MARKETING | UTILITY | AUTHENTICATION'),
  kind: z.enum(CAMPAIGN_KINDS),
  status: z.enum(CAMPAIGN_STATUSES),
  pauseReason: nullable(z.string()).describe('why it paused (kept after a resume)'),
  pauseCode: nullable(z.string()).describe(CAMPAIGN_PAUSE_CODES.join(' | ')),
  scheduledAt: nullable(timestamp),
  counts: campaignCounts.describe('recipients by current status, each in one'),
  cost,
  questions: z.array(z.object({ text: z.string(), options: z.array(z.string()) })).describe('SURVEY only'),
  createdBy: nullable(z.string()).describe('the user or API key that created it'),
  createdAt: timestamp,
  startedAt: nullable(timestamp),
  completedAt: nullable(timestamp).describe('also set when cancelled or failed'),
  updatedAt: timestamp,
});

export const invalidRecipientSchema = z.object({
  index: z.number().int().describe('position in the list (from 0), or the CSV’s data row (from 1)'),
  phone: z.string().describe('as given'),
  reason: z.string().describe('INVALID_PHONE | DUPLICATE | INVALID_PARAMETERS'),
  message: z.string(),
});

export const createdCampaignSchema = campaignSchema.extend({
  invalidRecipients: z.array(invalidRecipientSchema).describe('neither stored nor sent'),
  duplicatesRemoved: z.number().int().describe('the same E.164 number given more than once'),
});

export const recipientSchema = z.object({
  id: z.string(),
  phone: z.string().describe('E.164'),
  waId: nullable(z.string()).describe('as WhatsApp answered the send'),
  status: z.enum(RECIPIENT_STATUSES),
  error: nullable(
    z.object({
      code: z.string().describe('WhatsApp’s code, or OUTCOME_UNKNOWN'),
      title: z.string(),
      details: nullable(z.string()),
    }),
  ),
  sentAt: nullable(timestamp),
  deliveredAt: nullable(timestamp),
  readAt: nullable(timestamp),
  repliedAt: nullable(timestamp),
  failedAt: nullable(timestamp),
  cost: nullable(z.number()).describe('once WhatsApp reported the message billable'),
  retryableAfter: nullable(timestamp).describe('131049: WhatsApp may deliver a new attempt after this'),
  parameters: nullable(z.record(z.string(), z.unknown())),
});

export const campaignDetailSchema = campaignSchema.extend({
  recipients: z.object({
    data: z.array(recipientSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().describe('recipients matching the status filter'),
  }),
});

export const campaignPageSchema = z.object({
  data: z.array(campaignSchema),
  nextCursor: nullable(z.string()).describe('cursor pagination: the next page, null at the end'),
  page: nullable(z.number().int()).describe('page pagination only'),
  limit: z.number().int(),
  total: nullable(z.number().int()).describe('page pagination only: campaigns matching the filters'),
});

export const ZERO_COUNTS = { total: 0, pending: 0, sent: 0, delivered: 0, read: 0, failed: 0, replied: 0 };

export const toRestCost = (c: Campaign['cost']) => c ?? { currency: '', estimated: 0, actual: 0 };

/** Optional proto fields come as undefined, the oneof markers are dropped by the response schema. */
export const toRestCampaign = (c: Campaign) => ({
  ...c,
  counts: c.counts ?? ZERO_COUNTS,
  cost: toRestCost(c.cost),
  questions: (c.questions ?? []).map((q) => ({ text: q.text, options: q.options ?? [] })),
});

export const toRestRecipient = ({ parametersJson, error, ...r }: Recipient) => ({
  ...r,
  error: error ? { code: error.code, title: error.title, details: error.details ?? null } : null,
  parameters: parametersJson ? (JSON.parse(parametersJson) as unknown) : null,
});

export const toRestCreated = (r: Awaited<ReturnType<Campaigns['CreateCampaign']>>) => ({
  ...toRestCampaign(r.campaign!),
  invalidRecipients: r.invalidRecipients ?? [],
  duplicatesRemoved: r.duplicatesRemoved ?? 0,
});
