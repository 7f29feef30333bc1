// Original file: analytics/v1/analytics.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ReportDocument as _analytics_v1_ReportDocument, ReportDocument__Output as _analytics_v1_ReportDocument__Output } from '../../analytics/v1/ReportDocument';
import type { ReportRequest as _analytics_v1_ReportRequest, ReportRequest__Output as _analytics_v1_ReportRequest__Output } from '../../analytics/v1/ReportRequest';

export interface AnalyticsServiceClient extends grpc.Client {
  GetAgents(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetAgents(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetAgents(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetAgents(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getAgents(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getAgents(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getAgents(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getAgents(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  
  GetBot(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetBot(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetBot(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetBot(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getBot(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getBot(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getBot(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getBot(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  
  GetCampaigns(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetCampaigns(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetCampaigns(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetCampaigns(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getCampaigns(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getCampaigns(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getCampaigns(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getCampaigns(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  
  GetConversations(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetConversations(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetConversations(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetConversations(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getConversations(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getConversations(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getConversations(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getConversations(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  
  GetOverview(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetOverview(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetOverview(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  GetOverview(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getOverview(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getOverview(argument: _analytics_v1_ReportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getOverview(argument: _analytics_v1_ReportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  getOverview(argument: _analytics_v1_ReportRequest, callback: grpc.requestCallback<_analytics_v1_ReportDocument__Output>): grpc.ClientUnaryCall;
  
}

export interface AnalyticsServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAgents: grpc.handleUnaryCall<_analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument>;
  
  GetBot: grpc.handleUnaryCall<_analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument>;
  
  GetCampaigns: grpc.handleUnaryCall<_analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument>;
  
  GetConversations: grpc.handleUnaryCall<_analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument>;
  
  GetOverview: grpc.handleUnaryCall<_analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument>;
  
}

export interface AnalyticsServiceDefinition extends grpc.ServiceDefinition {
  GetAgents: MethodDefinition<_analytics_v1_ReportRequest, _analytics_v1_ReportDocument, _analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument__Output>
  GetBot: MethodDefinition<_analytics_v1_ReportRequest, _analytics_v1_ReportDocument, _analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument__Output>
  GetCampaigns: MethodDefinition<_analytics_v1_ReportRequest, _analytics_v1_ReportDocument, _analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument__Output>
  GetConversations: MethodDefinition<_analytics_v1_ReportRequest, _analytics_v1_ReportDocument, _analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument__Output>
  GetOverview: MethodDefinition<_analytics_v1_ReportRequest, _analytics_v1_ReportDocument, _analytics_v1_ReportRequest__Output, _analytics_v1_ReportDocument__Output>
}
