import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '@inbox/contracts';
import type { CampaignsApi } from '../clients';
import { campaignCounts, cost, toRestCost, ZERO_COUNTS } from './campaign-schemas';

type Campaigns = CampaignsApi['call'];
type CampaignStats = Awaited<ReturnType<Campaigns['GetCampaignStats']>>;
type GlobalStats = Awaited<ReturnType<Campaigns['GetGlobalStats']>>;

const funnel = z
  .object({
    total: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    replied: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  })
  .describe(
    'each stage counts the recipients that reached it or went beyond (a READ one was also delivered)',
  );

const rates = z.object({
  delivery: z.number().describe('delivered / sent'),
  read: z.number().describe('read / delivered'),
  reply: z.number().describe('replied / delivered'),
  failure: z.number().describe('failed / recipients whose outcome is known'),
});

export const campaignStatsSchema = z.object({
  campaignId: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  counts: campaignCounts,
  funnel,
  rates,
  cost,
  failures: z
    .array(z.object({ code: z.string(), title: z.string(), count: z.number().int() }))
    .describe('WhatsApp’s error codes of the failed recipients, most frequent first'),
});

export const globalStatsSchema = z.object({
  campaigns: z.number().int(),
  campaignsByStatus: z.object(
    Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof CAMPAIGN_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  funnel,
  rates,
  cost,
});

const ZERO_FUNNEL = { ...ZERO_COUNTS };
const ZERO_RATES = { delivery: 0, read: 0, reply: 0, failure: 0 };

export const toRestStats = (s: CampaignStats) => ({
  ...s,
  counts: s.counts ?? ZERO_COUNTS,
  funnel: s.funnel ?? ZERO_FUNNEL,
  rates: s.rates ?? ZERO_RATES,
  cost: toRestCost(s.cost),
});

/** Every status is listed, with 0 where the organization has no campaign in it. */
export const toRestGlobalStats = (s: GlobalStats) => ({
  ...s,
  campaignsByStatus: Object.fromEntries(
    CAMPAIGN_STATUSES.map((status) => [status, s.campaignsByStatus?.[status] ?? 0]),
  ),
  funnel: s.funnel ?? ZERO_FUNNEL,
  rates: s.rates ?? ZERO_RATES,
  cost: toRestCost(s.cost),
});
