import { z } from 'zod';
import {
  CAMPAIGN_BODY_LIMIT_BYTES,
  CAMPAIGN_CSV_MAX_BYTES,
  CAMPAIGN_KINDS,
  MAX_CAMPAIGN_RECIPIENTS,
  REPLY_ATTRIBUTION_HOURS,
  TEMPLATE_LANGUAGES,
} from '@inbox/contracts';
import {
  campaignDetailQuery,
  campaignDetailSchema,
  campaignPageSchema,
  campaignSchema,
  createCampaignBody,
  createdCampaignSchema,
  listCampaignsQuery,
  recipientStatusFilter,
  toRecipientInputs,
  toRestCampaign,
  toRestCreated,
  toRestRecipient,
} from './campaign-schemas';
import {
  campaignStatsSchema,
  globalStatsSchema,
  toRestGlobalStats,
  toRestStats,
} from './campaign-stats-schemas';
import { route, type RouteSpec } from './route';
import { idParam } from './schemas';

const TAG = 'Campaigns';
/** The campaigns service's refusal of a list without one valid recipient (details in its field errors). */
export const NO_VALID_RECIPIENTS = 'NO_VALID_RECIPIENTS';
const enc = encodeURIComponent;
/** Creation checks every recipient's parameters with the templates service and stores them all. */
const CREATE_DEADLINE_MS = 120_000;
/** Counting a campaign of 100,000 recipients (or all of them) takes more than a lookup. */
const STATS_DEADLINE_MS = 15_000;
const MB = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** pause, resume, cancel: a lifecycle step answering the campaign (409 from a status it cannot leave that way). */
const step = (
  path: 'pause' | 'resume' | 'cancel',
  method: 'PauseCampaign' | 'ResumeCampaign' | 'CancelCampaign',
  summary: string,
) =>
  route({
    method: 'post',
    path: `/campaigns/:id/${path}`,
    access: 'user',
    tag: TAG,
    summary,
    params: idParam,
    response: campaignSchema,
    handler: async ({ params, ctx, call }) =>
      toRestCampaign(await ctx.campaigns.call[method](params, { ...call, deadlineMs: STATS_DEADLINE_MS })),
  });

const csvQuery = (status?: string) => (status ? `?${new URLSearchParams({ status })}` : '');

/** The campaign routes that read and run campaigns; money and surveys are in campaign-money.routes.ts. */
export const campaignRoutes: RouteSpec[] = [
  route({
    method: 'post',
    path: '/campaigns',
    access: 'user',
    tag: TAG,
    summary: `Create a campaign: one APPROVED template sent to up to ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en')} recipients (this route takes a body of up to ${MB(CAMPAIGN_BODY_LIMIT_BYTES)}; 413 beyond). Phones are normalized to E.164 (Mexico +521/+52, Brazil’s ninth digit) and deduplicated; each recipient’s parameters are checked against the template’s variables. Invalid phones, duplicates and invalid parameters are listed in invalidRecipients and not stored; 422 when no recipient is valid. SCHEDULED with a future scheduledAt, else QUEUED; workers send each recipient at most once at the number’s allowed rate. 404 for an unknown template, 409 when it is not APPROVED or the organization has no WhatsApp number.`,
    body: createCampaignBody,
    bodyLimitBytes: CAMPAIGN_BODY_LIMIT_BYTES,
    status: 201,
    response: createdCampaignSchema,
    statusByCode: { [NO_VALID_RECIPIENTS]: 422 },
    handler: async ({ body, ctx, call }) =>
      toRestCreated(
        await ctx.campaigns.call.CreateCampaign(
          {
            name: body.name,
            templateId: body.templateId,
            language: body.language,
            kind: body.kind,
            scheduledAt: body.scheduledAt,
            recipients: toRecipientInputs(body.recipients),
            questions: (body.questions ?? []).map((q) => ({ text: q.text, options: q.options ?? [] })),
          },
          { ...call, deadlineMs: CREATE_DEADLINE_MS },
        ),
      ),
  }),
  route({
    method: 'post',
    path: '/campaigns/import',
    access: 'user',
    tag: TAG,
    summary: `Create a campaign from a CSV file (multipart): a \`phone\` column and one column per template parameter (body variables, header, button suffixes), at most ${MB(CAMPAIGN_CSV_MAX_BYTES)} and ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en')} rows; the other fields as in POST /campaigns. Answers as POST /campaigns, invalidRecipients indexed by data row (from 1); 413 over the size, 415 for another body type, 422 when no row is valid.`,
    status: 201,
    response: createdCampaignSchema,
    answers: [422],
    proxy: {
      to: 'campaigns',
      path: () => '/internal/campaigns/import',
      fromService: toRestCreated,
      requestBody: {
        contentType: 'multipart/form-data',
        description:
          'file (required), name (required), templateId (required), kind, language, scheduledAt (optional)',
        fields: z.object({
          file: z
            .file()
            .describe(
              'CSV with a header row (comma, semicolon or tab; UTF-8 with or without BOM, or Windows-1252): `phone` (or telefono, whatsapp, celular…), then the parameters — `body.1`, `body.2`… (or `{{1}}`), `body.<name>` for named variables, `header` (or `header.link`, `header.id` for media), `button.<index>` (a URL suffix; `button.<index>.copy_code`, `.quick_reply`). Other columns are ignored.',
            ),
          name: z.string().describe('the campaign’s name'),
          templateId: z.string().describe('an APPROVED template'),
          kind: z
            .enum(CAMPAIGN_KINDS)
            .optional()
            .describe('default STANDARD (a SURVEY needs POST /campaigns, with its questions)'),
          language: z.enum(TEMPLATE_LANGUAGES).optional(),
          scheduledAt: z.iso.datetime({ offset: true }).optional(),
        }),
      },
    },
  }),
  route({
    method: 'get',
    path: '/campaigns',
    access: 'user',
    tag: TAG,
    summary:
      'List campaigns, newest first: by cursor (nextCursor), or by page with page and the total; filter by status and kind',
    query: listCampaignsQuery,
    response: campaignPageSchema,
    handler: async ({ query, ctx, call }) => {
      const answer = await ctx.campaigns.call.ListCampaigns(
        {
          cursor: query.cursor,
          page: query.page ?? 0,
          limit: query.limit ?? 0,
          status: query.status,
          kind: query.kind,
        },
        call,
      );
      const paged = query.page !== undefined;
      return {
        data: (answer.data ?? []).map(toRestCampaign),
        nextCursor: paged ? null : answer.nextCursor,
        page: paged ? answer.page : null,
        limit: answer.limit,
        total: paged ? answer.total : null,
      };
    },
  }),
  route({
    method: 'get',
    path: '/campaigns/stats/global',
    access: 'user',
    tag: TAG,
    summary: `All the organization’s campaigns together: how many per status, the recipients’ funnel (sent → delivered → read → replied within ${REPLY_ATTRIBUTION_HOURS} h), rates and costs`,
    response: globalStatsSchema,
    handler: async ({ ctx, call }) =>
      toRestGlobalStats(
        await ctx.campaigns.call.GetGlobalStats({}, { ...call, deadlineMs: STATS_DEADLINE_MS }),
      ),
  }),
  route({
    method: 'get',
    path: '/campaigns/:id',
    access: 'user',
    tag: TAG,
    summary: 'A campaign with its recipients, a page at a time (in list order), optionally of one status',
    params: idParam,
    query: campaignDetailQuery,
    response: campaignDetailSchema,
    handler: async ({ params, query, ctx, call }) => {
      const detail = await ctx.campaigns.call.GetCampaign({ id: params.id, ...query }, call);
      return {
        ...toRestCampaign(detail.campaign!),
        recipients: {
          data: (detail.recipients ?? []).map(toRestRecipient),
          page: detail.page,
          limit: detail.limit,
          total: detail.total,
        },
      };
    },
  }),
  route({
    method: 'get',
    path: '/campaigns/:id/stats',
    access: 'user',
    tag: TAG,
    summary:
      'A campaign’s recipients counted: by status, the funnel, delivery/read/reply/failure rates, costs and the most frequent failures',
    params: idParam,
    response: campaignStatsSchema,
    handler: async ({ params, ctx, call }) =>
      toRestStats(
        await ctx.campaigns.call.GetCampaignStats(params, { ...call, deadlineMs: STATS_DEADLINE_MS }),
      ),
  }),
  route({
    method: 'get',
    path: '/campaigns/:id/export',
    access: 'user',
    tag: TAG,
    summary:
      'The recipients as CSV (UTF-8 with BOM, for Excel), streamed: phone, status, WhatsApp’s error, times, cost, parameters and `retryable_after` (when a 131049 failure may be tried again); cells that a spreadsheet would run as a formula are quoted',
    params: idParam,
    query: z.strictObject({ status: recipientStatusFilter }),
    proxy: {
      to: 'campaigns',
      path: (p: { id: string }, q: { status?: string }) =>
        `/internal/campaigns/${enc(p.id)}/export${csvQuery(q.status)}`,
      responseType: 'text/csv',
    },
  }),
  step(
    'pause',
    'PauseCampaign',
    'Pause a campaign that has not finished: nothing more is sent until it is resumed (pauseCode MANUAL)',
  ),
  step(
    'resume',
    'ResumeCampaign',
    'Resume a PAUSED campaign: its pending recipients are sent; the pause reason and code are kept for the record',
  ),
  step(
    'cancel',
    'CancelCampaign',
    'Cancel a campaign that has not finished: its pending recipients are never sent, and it cannot be resumed',
  ),
];
