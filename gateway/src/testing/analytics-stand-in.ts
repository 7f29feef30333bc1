import type { CallerContext } from '@inbox/platform';
import { connectAnalytics } from '../clients';
import { startStandInGateway, type StandInCall } from './stand-in-gateway';

/** API keys the stand-in directory knows: an Admin's and an Agent's, of organization 7. */
export const ADMIN_KEY = 'ibx_analytics_admin';
export const AGENT_KEY = 'ibx_analytics_agent';

export type ReportAnswer = (request: Record<string, unknown>, caller: CallerContext) => Promise<unknown>;
export type ReceivedReport = StandInCall;

/**
 * The real gateway app in front of a stand-in analytics service whose methods answer what
 * `answer` gives them (as `{ json }`). Every call is recorded in `received`.
 */
export const startAnalyticsStandIn = (answer: (method: string) => ReportAnswer) =>
  startStandInGateway({
    service: 'analytics.v1.AnalyticsService',
    keys: { admin: ADMIN_KEY, agent: AGENT_KEY },
    orgId: 7,
    connect: connectAnalytics,
    contextKey: 'analytics',
    answer: async (method, request: Record<string, unknown>, caller) => ({
      json: JSON.stringify(await answer(method)(request, caller)),
    }),
  });
