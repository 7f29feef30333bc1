import { ANALYTICS_CACHE_SECONDS, analyticsReportSchemas, type AnalyticsReport } from '@inbox/contracts';
import { fromServiceError, invalid, isServiceError } from '@inbox/platform';
import type { AnalyticsApi } from '../clients';
import { bucketedReportQuery, reportQuery, toReportRequest, type ReportQuery } from './analytics-schemas';
import { route, type RouteSpec } from './route';

const TAG = 'Analytics';
/** A year's report computed cold reads many rows; a cached one answers in milliseconds. */
const REPORT_DEADLINE_MS = 30_000;

const METHOD = {
  overview: 'GetOverview',
  conversations: 'GetConversations',
  agents: 'GetAgents',
  bot: 'GetBot',
  campaigns: 'GetCampaigns',
} as const satisfies Record<AnalyticsReport, keyof AnalyticsApi['call']>;

const COMMON = `Admin only. The answer carries the range, zone and bucket used, the previous period of equal length, when it was computed and whether it came from the cache (kept ${ANALYTICS_CACHE_SECONDS} s; force=true recomputes). Definitions of every figure: docs/metrics.md.`;

/**
 * The service names the parameters it refuses (`timezone`); the gateway's own checks name them
 * `query.timezone`: one spelling whichever refused them.
 */
function asQueryErrors(error: unknown): never {
  if (!isServiceError(error)) throw error;
  const failure = fromServiceError(error);
  if (failure.httpStatus !== 400) throw error;
  throw invalid(
    failure.code,
    failure.message,
    failure.fields.map((f) => ({ ...f, path: f.path.startsWith('query.') ? f.path : `query.${f.path}` })),
  );
}

const report = (name: AnalyticsReport, summary: string) =>
  route({
    method: 'get',
    path: `/analytics/${name}`,
    access: 'admin',
    tag: TAG,
    summary: `${summary} ${COMMON}`,
    query: name === 'overview' || name === 'conversations' ? bucketedReportQuery : reportQuery,
    response: analyticsReportSchemas[name],
    handler: async ({ query, ctx, call }) => {
      const answer = await ctx.analytics.call[METHOD[name]](toReportRequest(query as ReportQuery), {
        ...call,
        deadlineMs: REPORT_DEADLINE_MS,
      }).catch(asQueryErrors);
      return JSON.parse(answer.json) as unknown;
    },
  });

/** The five reports of the analytics service, each over a range in the caller's time zone. */
export const analyticsRoutes: RouteSpec[] = [
  report(
    'overview',
    'Overview: new, closed and open conversations, messages in and out, first response and resolution times (average, median, p90), bot containment and handoff rates, campaign sends and cost, beside the previous period; a series per local bucket.',
  ),
  report(
    'conversations',
    'Conversations: volume per local bucket, by category, origin, team and final status, a weekday × hour heatmap in the zone, first response and resolution times, reopen rate.',
  ),
  report(
    'agents',
    'Agents: per agent, conversations assigned, handled and resolved, messages sent, first response and handle times (median, p90), time in each status and the current status.',
  ),
  report(
    'bot',
    'Bot: conversations handled, contained and handed off (by reason), containment, handoff and fallback rates, top intents, the intents most often followed by a handoff, categories.',
  ),
  report(
    'campaigns',
    'Campaigns created in the range: the funnel (sent, delivered, read, replied, failed) per campaign and in total, failure codes, estimated and actual cost.',
  ),
];
