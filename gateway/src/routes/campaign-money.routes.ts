import { z } from 'zod';
import { CAMPAIGN_BODY_LIMIT_BYTES, PROVIDER_COSTS_DAYS } from '@inbox/contracts';
import {
  estimateBody,
  estimateSchema,
  phoneStatusSchema,
  providerCostSchema,
  providerCostsSchema,
  rateCardSchema,
  toRestProviderCosts,
} from './campaign-money-schemas';
import { surveyResultsQuery, surveyResultsSchema } from './campaign-survey-schemas';
import { route, type RouteSpec } from './route';
import { idParam, queryBoolean } from './schemas';

const TAG = 'Campaigns';
const enc = encodeURIComponent;
/** Asks WhatsApp (the number's fields, its analytics): slower than a lookup. */
const PROVIDER_DEADLINE_MS = 30_000;
/** How the two routes that ask WhatsApp answer when it fails (the service's whatsapp-problem.ts). */
const WHEN_WHATSAPP_FAILS =
  '409 CHANNEL_NOT_CONFIGURED when the organization has no WhatsApp number, WHATSAPP_ACCESS_REFUSED when WhatsApp refuses its credentials (an expired token), WHATSAPP_REFUSED for another refusal; 429 WHATSAPP_RATE_LIMITED when WhatsApp asks to wait; 503 WHATSAPP_UNAVAILABLE when it does not answer';
/** Normalizing and pricing up to 100,000 phones, or summing a campaign's costs. */
const COUNT_DEADLINE_MS = 30_000;

/**
 * Costs and surveys of campaigns. Literal paths (/campaigns/pricing, /provider-costs,
 * /phone-status) come before GET /campaigns/:id in the route table.
 */
export const campaignMoneyRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/campaigns/pricing',
    access: 'user',
    tag: TAG,
    summary:
      'The rate card in use: per market (by calling-code prefix) and template category, with its currency and effective date (shipped with the product, replaceable by the operator)',
    response: rateCardSchema,
    handler: async ({ ctx, call }) => ctx.campaigns.call.GetPricing({}, call),
  }),
  route({
    method: 'post',
    path: '/campaigns/estimate',
    access: 'user',
    tag: TAG,
    summary:
      'What a campaign would cost before it is created: total and per market (longest calling-code prefix) at the template’s category, invalid numbers and duplicates listed, and a warning when the list exceeds the number’s messaging limit tier',
    body: estimateBody,
    bodyLimitBytes: CAMPAIGN_BODY_LIMIT_BYTES,
    response: estimateSchema,
    handler: async ({ body, ctx, call }) =>
      ctx.campaigns.call.EstimateCost(
        { templateId: body.templateId, language: body.language, phones: body.recipients.map((r) => r.phone) },
        { ...call, deadlineMs: COUNT_DEADLINE_MS },
      ),
  }),
  route({
    method: 'get',
    path: '/campaigns/provider-costs',
    access: 'user',
    tag: TAG,
    summary: `What WhatsApp charged over the last ${PROVIDER_COSTS_DAYS} days, per template and for the account (WhatsApp’s own analytics; cached for an hour, force=true asks again). ${WHEN_WHATSAPP_FAILS}`,
    query: z.strictObject({ force: queryBoolean.optional().describe('skip the cache') }),
    response: providerCostsSchema,
    answers: [409, 429, 503],
    handler: async ({ query, ctx, call }) =>
      toRestProviderCosts(
        await ctx.campaigns.call.GetProviderCosts(
          { force: query.force ?? false },
          { ...call, deadlineMs: PROVIDER_DEADLINE_MS },
        ),
      ),
  }),
  route({
    method: 'get',
    path: '/campaigns/phone-status',
    access: 'admin',
    tag: TAG,
    summary: `The business number as WhatsApp sees it: status, quality rating, messaging limit tier and throughput, and the send rate the workers use (cached for 5 minutes). ${WHEN_WHATSAPP_FAILS}`,
    response: phoneStatusSchema,
    answers: [409, 429, 503],
    handler: async ({ ctx, call }) =>
      ctx.campaigns.call.GetPhoneStatus({}, { ...call, deadlineMs: PROVIDER_DEADLINE_MS }),
  }),
  route({
    method: 'get',
    path: '/campaigns/:id/provider-cost',
    access: 'user',
    tag: TAG,
    summary:
      'A campaign’s real cost: the messages WhatsApp reported billable (pricing.type regular) at the rate card, per category and market, beside the estimate',
    params: idParam,
    response: providerCostSchema,
    handler: async ({ params, ctx, call }) =>
      ctx.campaigns.call.GetProviderCost(params, { ...call, deadlineMs: COUNT_DEADLINE_MS }),
  }),
  route({
    method: 'get',
    path: '/campaigns/:id/survey-results',
    access: 'admin',
    tag: TAG,
    summary:
      'A SURVEY campaign’s answers: a summary per question, and the recipients who answered a page at a time (409 for a campaign that is not a SURVEY)',
    params: idParam,
    query: surveyResultsQuery,
    response: surveyResultsSchema,
    answers: [409],
    handler: async ({ params, query, ctx, call }) =>
      ctx.campaigns.call.GetSurveyResults(
        { id: params.id, ...query },
        { ...call, deadlineMs: COUNT_DEADLINE_MS },
      ),
  }),
  route({
    method: 'get',
    path: '/campaigns/:id/survey-results/export',
    access: 'admin',
    tag: TAG,
    summary:
      'A SURVEY campaign’s answers as CSV (UTF-8 with BOM, for Excel), streamed (409 for a campaign that is not a SURVEY)',
    params: idParam,
    answers: [409],
    proxy: {
      to: 'campaigns',
      path: (p: { id: string }) => `/internal/campaigns/${enc(p.id)}/survey-results/export`,
      responseType: 'text/csv',
    },
  }),
];
