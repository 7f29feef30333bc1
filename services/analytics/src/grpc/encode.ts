import type { AnalyticsServiceHandlers } from '@inbox/contracts';
import type { ServiceImpl } from '@inbox/platform';

/** The analytics service's gRPC methods as promise functions over (request, caller). */
export type AnalyticsImpl = ServiceImpl<AnalyticsServiceHandlers>;

/** `analytics.v1.ReportRequest` as decoded: force and excludeIncomplete always present. */
export type ReportRequestMessage = Parameters<AnalyticsImpl['GetOverview']>[0];
