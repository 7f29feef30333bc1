import type { AnalyticsReport } from '@inbox/contracts';
import type { AnalyticsDeps } from '../deps';
import { getReport } from '../usecases/get-report';
import type { AnalyticsImpl, ReportRequestMessage } from './encode';

/** The five reports: each answers the JSON document of its shape (packages/contracts/src/analytics.ts). */
export const reportHandlers = (deps: AnalyticsDeps): AnalyticsImpl => {
  const handler =
    (report: AnalyticsReport) =>
    async (request: ReportRequestMessage, caller: Parameters<AnalyticsImpl['GetOverview']>[1]) => ({
      json: await getReport(deps, caller, report, request),
    });
  return {
    GetOverview: handler('overview'),
    GetConversations: handler('conversations'),
    GetAgents: handler('agents'),
    GetBot: handler('bot'),
    GetCampaigns: handler('campaigns'),
  };
};
