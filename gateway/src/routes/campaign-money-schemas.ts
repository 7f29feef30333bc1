import { z } from 'zod';
import { ID_MAX_LENGTH, MAX_CAMPAIGN_RECIPIENTS, PROVIDER_COSTS_DAYS } from '@inbox/contracts';
import type { CampaignsApi } from '../clients';
import { invalidRecipientSchema, recipientInput, templateLanguage } from './campaign-schemas';
import { nullable, timestamp } from './schemas';

type Campaigns = CampaignsApi['call'];
type ProviderCosts = Awaited<ReturnType<Campaigns['GetProviderCosts']>>;

export const rateCardSchema = z.object({
  currency: z.string().describe('ISO 4217, e.g. USD'),
  effectiveFrom: z.string().describe('the date the rates apply from (YYYY-MM-DD)'),
  source: z.string().describe('the card shipped with the product, or the operator’s file'),
  markets: z.array(
    z.object({
      market: z.string().describe('MX, BR, NORTH_AMERICA, REST_OF_LATIN_AMERICA, OTHER, …'),
      name: z.string(),
      prefixes: z.array(z.string()).describe('calling codes; the longest matching prefix wins'),
      marketing: z.number(),
      utility: z.number(),
      authentication: z.number(),
      authenticationInternational: nullable(z.number()),
    }),
  ),
});

export const estimateBody = z.strictObject({
  templateId: z.string().min(1).max(ID_MAX_LENGTH),
  language: templateLanguage,
  recipients: z
    .array(recipientInput)
    .min(1)
    .max(MAX_CAMPAIGN_RECIPIENTS)
    .describe('the list POST /campaigns would take (parameters are not checked here)'),
});

const marketEstimate = z.object({
  market: z.string(),
  name: z.string(),
  recipients: z.number().int(),
  rate: z.number(),
  amount: z.number(),
});

export const estimateSchema = z.object({
  currency: z.string(),
  templateCategory: z.string(),
  recipients: z.number().int().describe('valid and distinct'),
  total: z.number(),
  markets: z.array(marketEstimate).describe('by the longest calling-code prefix; largest amount first'),
  invalidRecipients: z.array(invalidRecipientSchema),
  duplicatesRemoved: z.number().int(),
  warnings: z
    .array(z.object({ code: z.string(), message: z.string() }))
    .describe('MESSAGING_LIMIT_EXCEEDED when the list exceeds the number’s messaging limit tier, …'),
  messagingLimitTier: nullable(z.string()),
  rateCardEffectiveFrom: z.string(),
});

export const providerCostSchema = z.object({
  campaignId: z.string(),
  currency: z.string(),
  total: z.number().describe('billable messages (pricing.type regular) × the rate card'),
  billableMessages: z.number().int(),
  freeMessages: z.number().int(),
  categories: z.array(z.object({ category: z.string(), messages: z.number().int(), amount: z.number() })),
  markets: z.array(marketEstimate),
  estimated: z.number().describe('the estimate at creation, for comparison'),
});

export const providerCostsSchema = z.object({
  currency: z.string(),
  from: timestamp,
  to: timestamp,
  total: z.number().describe(`the account’s total cost over the last ${PROVIDER_COSTS_DAYS} days`),
  templates: z.array(
    z.object({
      providerTemplateId: z.string(),
      templateId: nullable(z.string()).describe('ours, when known'),
      name: nullable(z.string()),
      language: nullable(z.string()),
      sent: z.number().int(),
      delivered: z.number().int(),
      amountSpent: z.number(),
      costPerDelivered: nullable(z.number()),
    }),
  ),
  fetchedAt: timestamp.describe('when WhatsApp was asked (answers are cached for an hour)'),
});

/** WhatsApp's counts are int64, strings in the proto's JSON. */
export const toRestProviderCosts = (p: ProviderCosts) => ({
  ...p,
  templates: (p.templates ?? []).map((t) => ({
    ...t,
    sent: Number(t.sent),
    delivered: Number(t.delivered),
  })),
});

export const phoneStatusSchema = z.object({
  phoneNumberId: z.string(),
  displayPhoneNumber: nullable(z.string()),
  verifiedName: nullable(z.string()),
  status: nullable(z.string()).describe('CONNECTED, FLAGGED, RESTRICTED, …'),
  qualityRating: nullable(z.string()).describe('GREEN | YELLOW | RED | UNKNOWN'),
  nameStatus: nullable(z.string()),
  messagingLimitTier: nullable(z.string()).describe(
    'TIER_250 | TIER_2K | TIER_10K | TIER_100K | TIER_UNLIMITED',
  ),
  throughputLevel: nullable(z.string()).describe('STANDARD | HIGH'),
  sendRate: z.number().int().describe('messages per second the campaign workers use for this number'),
  fetchedAt: timestamp,
});
