import type { AnalyticsReport } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { agentsReport } from './agents';
import { botReport } from './bot';
import { campaignsReport } from './campaigns';
import { conversationsReport } from './conversations';
import { overviewReport } from './overview';
import type { ResolvedQuery } from './query';

/**
 * A report's figures, without the envelope (range, previous, generatedAt, cached) get-report adds.
 * `now` is the service's clock (the agents' time in status stops there); the others ignore it.
 */
export type ReportFunction = (db: Db, orgId: number, q: ResolvedQuery, now: Date) => Promise<object>;

/** Every report by name: the gRPC methods and the cache go through this table. */
export const REPORTS: Record<AnalyticsReport, ReportFunction> = {
  overview: overviewReport,
  conversations: conversationsReport,
  agents: agentsReport,
  bot: botReport,
  campaigns: campaignsReport,
};

export { resolveQuery, type ResolvedQuery } from './query';
