import { z } from 'zod';

/**
 * The analytics reports' shapes (REST = gRPC JSON text = what the service computes). Definitions
 * and formulas of every figure: docs/metrics.md. Durations are seconds; rates are 0..1 (4
 * decimals); money has 6 decimals; every timestamp is ISO 8601 UTC; buckets are local to the
 * requested time zone.
 */

export const ANALYTICS_DEFAULT_TIMEZONE = 'America/Mexico_City';
/** Ranges of two days or less are bucketed by local hour; longer ones by local day. */
export const ANALYTICS_HOURLY_MAX_MS = 2 * 24 * 3600_000;
/** The longest range a report accepts (a year and a day: leap years, DST). */
export const ANALYTICS_MAX_RANGE_MS = 367 * 24 * 3600_000;
/** How long a computed report is served from the cache (force=true skips it). */
export const ANALYTICS_CACHE_SECONDS = 60;

export const ANALYTICS_REPORTS = ['overview', 'conversations', 'agents', 'bot', 'campaigns'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

/** The query every report takes, after defaults: the gateway parses strings into this. */
export interface AnalyticsQuery {
  from: string;
  to: string;
  timezone: string;
  force: boolean;
  excludeIncomplete: boolean;
}

const seconds = z.number().nullable().describe('seconds; null when nothing was measured');
const rate = z.number().nullable().describe('0..1; null when the denominator is 0');

export const durationStatsSchema = z.object({
  count: z.number().int(),
  average: seconds,
  median: seconds,
  p90: seconds,
});

export const rangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  bucket: z.enum(['hour', 'day']),
});

/** Every report: the range and zone used, and the previous period of equal length. */
const envelope = {
  range: rangeSchema,
  previous: z.object({ from: z.string(), to: z.string() }),
  generatedAt: z.string(),
  cached: z.boolean(),
};

const bucketStart = z.string().describe('the bucket’s local start, ISO 8601 with its offset');

export const overviewTotalsSchema = z.object({
  conversations: z.object({ new: z.number().int(), closed: z.number().int(), open: z.number().int() }),
  messages: z.object({ in: z.number().int(), out: z.number().int() }),
  firstResponse: durationStatsSchema,
  resolution: durationStatsSchema,
  bot: z.object({ handled: z.number().int(), containmentRate: rate, handoffRate: rate }),
  campaigns: z.object({
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    replied: z.number().int(),
    cost: z.number(),
    currency: z.string().nullable(),
  }),
});

export const overviewReportSchema = z.object({
  ...envelope,
  current: overviewTotalsSchema,
  /** The same totals for the previous period (open = open at its end). */
  previousTotals: overviewTotalsSchema,
  series: z.array(
    z.object({
      start: bucketStart,
      newConversations: z.number().int(),
      closedConversations: z.number().int(),
      messagesIn: z.number().int(),
      messagesOut: z.number().int(),
    }),
  ),
});
export type OverviewReport = z.infer<typeof overviewReportSchema>;

const countBy = <K extends string>(key: K) =>
  z.array(
    z
      .object({ [key]: z.string().nullable() } as { [P in K]: z.ZodNullable<z.ZodString> })
      .extend({ count: z.number().int() }),
  );

export const conversationsReportSchema = z.object({
  ...envelope,
  volume: z.array(z.object({ start: bucketStart, new: z.number().int(), closed: z.number().int() })),
  byCategory: countBy('category'),
  byOrigin: countBy('origin'),
  byTeam: countBy('teamId'),
  byFinalStatus: countBy('status'),
  /** weekday 0 = Monday … 6 = Sunday, hour 0..23, local; new conversations. Only non-zero cells. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() })),
  firstResponse: durationStatsSchema,
  resolution: durationStatsSchema,
  reopenRate: rate,
});
export type ConversationsReport = z.infer<typeof conversationsReportSchema>;

export const agentsReportSchema = z.object({
  ...envelope,
  agents: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      assigned: z.number().int(),
      handled: z.number().int(),
      resolved: z.number().int(),
      messagesSent: z.number().int(),
      firstResponse: durationStatsSchema,
      handleTime: durationStatsSchema,
      /** Seconds in each status within the range, from status changes. */
      timeInStatus: z.object({
        ONLINE: z.number(),
        AWAY: z.number(),
        BUSY: z.number(),
        OFFLINE: z.number(),
      }),
      currentStatus: z.string().nullable(),
    }),
  ),
});
export type AgentsReport = z.infer<typeof agentsReportSchema>;

export const botReportSchema = z.object({
  ...envelope,
  handled: z.number().int(),
  contained: z.number().int(),
  handedOff: z.number().int(),
  handoffsByReason: countBy('reason'),
  containmentRate: rate,
  fallbackRate: rate,
  topIntents: z.array(z.object({ intent: z.string(), count: z.number().int() })),
  failingIntents: z.array(
    z.object({ intent: z.string(), answered: z.number().int(), followedByHandoff: z.number().int(), rate }),
  ),
  categories: countBy('category'),
});
export type BotReport = z.infer<typeof botReportSchema>;

const funnel = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
});

export const campaignsReportSchema = z.object({
  ...envelope,
  totals: funnel.extend({
    estimatedCost: z.number(),
    actualCost: z.number(),
    currency: z.string().nullable(),
  }),
  campaigns: z.array(
    funnel.extend({
      campaignId: z.string(),
      name: z.string(),
      createdAt: z.string(),
      status: z.string(),
      estimatedCost: z.number(),
      actualCost: z.number(),
      currency: z.string().nullable(),
      failureCodes: z.array(z.object({ code: z.string(), count: z.number().int() })),
    }),
  ),
  failureCodes: z.array(z.object({ code: z.string(), count: z.number().int() })),
});
export type CampaignsReport = z.infer<typeof campaignsReportSchema>;

export const analyticsReportSchemas = {
  overview: overviewReportSchema,
  conversations: conversationsReportSchema,
  agents: agentsReportSchema,
  bot: botReportSchema,
  campaigns: campaignsReportSchema,
} as const;
