import type { AnalyticsReport } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { agentsReport } from '../db/reports/agents';
import { botReport } from '../db/reports/bot';
import { campaignsReport } from '../db/reports/campaigns';
import { conversationsReport } from '../db/reports/conversations';
import { overviewReport } from '../db/reports/overview';
import type { ResolvedQuery } from './query';

/**
 * A report's figures, without the envelope (range, previous, generatedAt, cached) get-report adds.
 * `now` is the service's clock (the agents' time in status stops there); the others ignore it.
 */
export type ReportFunction = (db: Db, orgId: number, q: ResolvedQuery, now: Date) => Promise<object>;

/** Every report by name (the queries: db/reports/): the gRPC methods and the cache go through this table. */
export const REPORTS: Record<AnalyticsReport, ReportFunction> = {
  overview: overviewReport,
  conversations: conversationsReport,
  agents: agentsReport,
  bot: botReport,
  campaigns: campaignsReport,
};

export { resolveQuery, type ResolvedQuery } from './query';
