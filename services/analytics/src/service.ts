import type * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition } from '@inbox/contracts';
import type { ServiceBinding } from '@inbox/platform';
import type { AnalyticsDeps } from './deps';
import { reportHandlers } from './grpc/reports.handlers';

export const analyticsServiceDefinition = (): grpc.ServiceDefinition =>
  loadServiceDefinition('analytics.v1.AnalyticsService');

export function analyticsBinding(deps: AnalyticsDeps): ServiceBinding {
  return { definition: analyticsServiceDefinition(), implementation: reportHandlers(deps) };
}
