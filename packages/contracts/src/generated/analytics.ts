import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AnalyticsServiceClient as _analytics_v1_AnalyticsServiceClient, AnalyticsServiceDefinition as _analytics_v1_AnalyticsServiceDefinition } from './analytics/v1/AnalyticsService';
import type { ReportDocument as _analytics_v1_ReportDocument, ReportDocument__Output as _analytics_v1_ReportDocument__Output } from './analytics/v1/ReportDocument';
import type { ReportRequest as _analytics_v1_ReportRequest, ReportRequest__Output as _analytics_v1_ReportRequest__Output } from './analytics/v1/ReportRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  analytics: {
    v1: {
      AnalyticsService: SubtypeConstructor<typeof grpc.Client, _analytics_v1_AnalyticsServiceClient> & { service: _analytics_v1_AnalyticsServiceDefinition }
      ReportDocument: MessageTypeDefinition<_analytics_v1_ReportDocument, _analytics_v1_ReportDocument__Output>
      ReportRequest: MessageTypeDefinition<_analytics_v1_ReportRequest, _analytics_v1_ReportRequest__Output>
    }
  }
}

