// Original file: campaigns/v1/campaigns.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Campaign as _campaigns_v1_Campaign, Campaign__Output as _campaigns_v1_Campaign__Output } from '../../campaigns/v1/Campaign';
import type { CampaignDetail as _campaigns_v1_CampaignDetail, CampaignDetail__Output as _campaigns_v1_CampaignDetail__Output } from '../../campaigns/v1/CampaignDetail';
import type { CampaignPage as _campaigns_v1_CampaignPage, CampaignPage__Output as _campaigns_v1_CampaignPage__Output } from '../../campaigns/v1/CampaignPage';
import type { CampaignStats as _campaigns_v1_CampaignStats, CampaignStats__Output as _campaigns_v1_CampaignStats__Output } from '../../campaigns/v1/CampaignStats';
import type { CreateCampaignRequest as _campaigns_v1_CreateCampaignRequest, CreateCampaignRequest__Output as _campaigns_v1_CreateCampaignRequest__Output } from '../../campaigns/v1/CreateCampaignRequest';
import type { CreateCampaignResult as _campaigns_v1_CreateCampaignResult, CreateCampaignResult__Output as _campaigns_v1_CreateCampaignResult__Output } from '../../campaigns/v1/CreateCampaignResult';
import type { Empty as _campaigns_v1_Empty, Empty__Output as _campaigns_v1_Empty__Output } from '../../campaigns/v1/Empty';
import type { Estimate as _campaigns_v1_Estimate, Estimate__Output as _campaigns_v1_Estimate__Output } from '../../campaigns/v1/Estimate';
import type { EstimateRequest as _campaigns_v1_EstimateRequest, EstimateRequest__Output as _campaigns_v1_EstimateRequest__Output } from '../../campaigns/v1/EstimateRequest';
import type { GetCampaignRequest as _campaigns_v1_GetCampaignRequest, GetCampaignRequest__Output as _campaigns_v1_GetCampaignRequest__Output } from '../../campaigns/v1/GetCampaignRequest';
import type { GlobalStats as _campaigns_v1_GlobalStats, GlobalStats__Output as _campaigns_v1_GlobalStats__Output } from '../../campaigns/v1/GlobalStats';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from '../../history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from '../../history/v1/HistoryRequest';
import type { IdRequest as _campaigns_v1_IdRequest, IdRequest__Output as _campaigns_v1_IdRequest__Output } from '../../campaigns/v1/IdRequest';
import type { ListCampaignsRequest as _campaigns_v1_ListCampaignsRequest, ListCampaignsRequest__Output as _campaigns_v1_ListCampaignsRequest__Output } from '../../campaigns/v1/ListCampaignsRequest';
import type { PhoneStatus as _campaigns_v1_PhoneStatus, PhoneStatus__Output as _campaigns_v1_PhoneStatus__Output } from '../../campaigns/v1/PhoneStatus';
import type { ProviderCost as _campaigns_v1_ProviderCost, ProviderCost__Output as _campaigns_v1_ProviderCost__Output } from '../../campaigns/v1/ProviderCost';
import type { ProviderCosts as _campaigns_v1_ProviderCosts, ProviderCosts__Output as _campaigns_v1_ProviderCosts__Output } from '../../campaigns/v1/ProviderCosts';
import type { ProviderCostsRequest as _campaigns_v1_ProviderCostsRequest, ProviderCostsRequest__Output as _campaigns_v1_ProviderCostsRequest__Output } from '../../campaigns/v1/ProviderCostsRequest';
import type { RateCard as _campaigns_v1_RateCard, RateCard__Output as _campaigns_v1_RateCard__Output } from '../../campaigns/v1/RateCard';
import type { SurveyResults as _campaigns_v1_SurveyResults, SurveyResults__Output as _campaigns_v1_SurveyResults__Output } from '../../campaigns/v1/SurveyResults';
import type { SurveyResultsRequest as _campaigns_v1_SurveyResultsRequest, SurveyResultsRequest__Output as _campaigns_v1_SurveyResultsRequest__Output } from '../../campaigns/v1/SurveyResultsRequest';

export interface CampaignsServiceClient extends grpc.Client {
  CancelCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  CreateCampaign(argument: _campaigns_v1_CreateCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  CreateCampaign(argument: _campaigns_v1_CreateCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  CreateCampaign(argument: _campaigns_v1_CreateCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  CreateCampaign(argument: _campaigns_v1_CreateCampaignRequest, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _campaigns_v1_CreateCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _campaigns_v1_CreateCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _campaigns_v1_CreateCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _campaigns_v1_CreateCampaignRequest, callback: grpc.requestCallback<_campaigns_v1_CreateCampaignResult__Output>): grpc.ClientUnaryCall;
  
  EstimateCost(argument: _campaigns_v1_EstimateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  EstimateCost(argument: _campaigns_v1_EstimateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  EstimateCost(argument: _campaigns_v1_EstimateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  EstimateCost(argument: _campaigns_v1_EstimateRequest, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  estimateCost(argument: _campaigns_v1_EstimateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  estimateCost(argument: _campaigns_v1_EstimateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  estimateCost(argument: _campaigns_v1_EstimateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  estimateCost(argument: _campaigns_v1_EstimateRequest, callback: grpc.requestCallback<_campaigns_v1_Estimate__Output>): grpc.ClientUnaryCall;
  
  ExportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  
  GetCampaign(argument: _campaigns_v1_GetCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  GetCampaign(argument: _campaigns_v1_GetCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  GetCampaign(argument: _campaigns_v1_GetCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  GetCampaign(argument: _campaigns_v1_GetCampaignRequest, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _campaigns_v1_GetCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _campaigns_v1_GetCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _campaigns_v1_GetCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _campaigns_v1_GetCampaignRequest, callback: grpc.requestCallback<_campaigns_v1_CampaignDetail__Output>): grpc.ClientUnaryCall;
  
  GetCampaignStats(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  GetCampaignStats(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  GetCampaignStats(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  GetCampaignStats(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  getCampaignStats(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  getCampaignStats(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  getCampaignStats(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  getCampaignStats(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_CampaignStats__Output>): grpc.ClientUnaryCall;
  
  GetGlobalStats(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  GetGlobalStats(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  GetGlobalStats(argument: _campaigns_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  GetGlobalStats(argument: _campaigns_v1_Empty, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  getGlobalStats(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  getGlobalStats(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  getGlobalStats(argument: _campaigns_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  getGlobalStats(argument: _campaigns_v1_Empty, callback: grpc.requestCallback<_campaigns_v1_GlobalStats__Output>): grpc.ClientUnaryCall;
  
  GetPhoneStatus(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  GetPhoneStatus(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  GetPhoneStatus(argument: _campaigns_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  GetPhoneStatus(argument: _campaigns_v1_Empty, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  getPhoneStatus(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  getPhoneStatus(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  getPhoneStatus(argument: _campaigns_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  getPhoneStatus(argument: _campaigns_v1_Empty, callback: grpc.requestCallback<_campaigns_v1_PhoneStatus__Output>): grpc.ClientUnaryCall;
  
  GetPricing(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  GetPricing(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  GetPricing(argument: _campaigns_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  GetPricing(argument: _campaigns_v1_Empty, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _campaigns_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _campaigns_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  getPricing(argument: _campaigns_v1_Empty, callback: grpc.requestCallback<_campaigns_v1_RateCard__Output>): grpc.ClientUnaryCall;
  
  GetProviderCost(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  GetProviderCost(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  GetProviderCost(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  GetProviderCost(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  getProviderCost(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  getProviderCost(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  getProviderCost(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  getProviderCost(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_ProviderCost__Output>): grpc.ClientUnaryCall;
  
  GetProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  GetProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  GetProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  GetProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  getProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  getProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  getProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  getProviderCosts(argument: _campaigns_v1_ProviderCostsRequest, callback: grpc.requestCallback<_campaigns_v1_ProviderCosts__Output>): grpc.ClientUnaryCall;
  
  GetSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  GetSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  GetSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  GetSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  getSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  getSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  getSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  getSurveyResults(argument: _campaigns_v1_SurveyResultsRequest, callback: grpc.requestCallback<_campaigns_v1_SurveyResults__Output>): grpc.ClientUnaryCall;
  
  ListCampaigns(argument: _campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  ListCampaigns(argument: _campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  ListCampaigns(argument: _campaigns_v1_ListCampaignsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  ListCampaigns(argument: _campaigns_v1_ListCampaignsRequest, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _campaigns_v1_ListCampaignsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _campaigns_v1_ListCampaignsRequest, callback: grpc.requestCallback<_campaigns_v1_CampaignPage__Output>): grpc.ClientUnaryCall;
  
  PauseCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  PauseCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  PauseCampaign(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  PauseCampaign(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  pauseCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  pauseCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  pauseCampaign(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  pauseCampaign(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  ResumeCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  ResumeCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  ResumeCampaign(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  ResumeCampaign(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  resumeCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  resumeCampaign(argument: _campaigns_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  resumeCampaign(argument: _campaigns_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  resumeCampaign(argument: _campaigns_v1_IdRequest, callback: grpc.requestCallback<_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
}

export interface CampaignsServiceHandlers extends grpc.UntypedServiceImplementation {
  CancelCampaign: grpc.handleUnaryCall<_campaigns_v1_IdRequest__Output, _campaigns_v1_Campaign>;
  
  CreateCampaign: grpc.handleUnaryCall<_campaigns_v1_CreateCampaignRequest__Output, _campaigns_v1_CreateCampaignResult>;
  
  EstimateCost: grpc.handleUnaryCall<_campaigns_v1_EstimateRequest__Output, _campaigns_v1_Estimate>;
  
  ExportHistory: grpc.handleUnaryCall<_history_v1_HistoryRequest__Output, _history_v1_HistoryPage>;
  
  GetCampaign: grpc.handleUnaryCall<_campaigns_v1_GetCampaignRequest__Output, _campaigns_v1_CampaignDetail>;
  
  GetCampaignStats: grpc.handleUnaryCall<_campaigns_v1_IdRequest__Output, _campaigns_v1_CampaignStats>;
  
  GetGlobalStats: grpc.handleUnaryCall<_campaigns_v1_Empty__Output, _campaigns_v1_GlobalStats>;
  
  GetPhoneStatus: grpc.handleUnaryCall<_campaigns_v1_Empty__Output, _campaigns_v1_PhoneStatus>;
  
  GetPricing: grpc.handleUnaryCall<_campaigns_v1_Empty__Output, _campaigns_v1_RateCard>;
  
  GetProviderCost: grpc.handleUnaryCall<_campaigns_v1_IdRequest__Output, _campaigns_v1_ProviderCost>;
  
  GetProviderCosts: grpc.handleUnaryCall<_campaigns_v1_ProviderCostsRequest__Output, _campaigns_v1_ProviderCosts>;
  
  GetSurveyResults: grpc.handleUnaryCall<_campaigns_v1_SurveyResultsRequest__Output, _campaigns_v1_SurveyResults>;
  
  ListCampaigns: grpc.handleUnaryCall<_campaigns_v1_ListCampaignsRequest__Output, _campaigns_v1_CampaignPage>;
  
  PauseCampaign: grpc.handleUnaryCall<_campaigns_v1_IdRequest__Output, _campaigns_v1_Campaign>;
  
  ResumeCampaign: grpc.handleUnaryCall<_campaigns_v1_IdRequest__Output, _campaigns_v1_Campaign>;
  
}

export interface CampaignsServiceDefinition extends grpc.ServiceDefinition {
  CancelCampaign: MethodDefinition<_campaigns_v1_IdRequest, _campaigns_v1_Campaign, _campaigns_v1_IdRequest__Output, _campaigns_v1_Campaign__Output>
  CreateCampaign: MethodDefinition<_campaigns_v1_CreateCampaignRequest, _campaigns_v1_CreateCampaignResult, _campaigns_v1_CreateCampaignRequest__Output, _campaigns_v1_CreateCampaignResult__Output>
  EstimateCost: MethodDefinition<_campaigns_v1_EstimateRequest, _campaigns_v1_Estimate, _campaigns_v1_EstimateRequest__Output, _campaigns_v1_Estimate__Output>
  ExportHistory: MethodDefinition<_history_v1_HistoryRequest, _history_v1_HistoryPage, _history_v1_HistoryRequest__Output, _history_v1_HistoryPage__Output>
  GetCampaign: MethodDefinition<_campaigns_v1_GetCampaignRequest, _campaigns_v1_CampaignDetail, _campaigns_v1_GetCampaignRequest__Output, _campaigns_v1_CampaignDetail__Output>
  GetCampaignStats: MethodDefinition<_campaigns_v1_IdRequest, _campaigns_v1_CampaignStats, _campaigns_v1_IdRequest__Output, _campaigns_v1_CampaignStats__Output>
  GetGlobalStats: MethodDefinition<_campaigns_v1_Empty, _campaigns_v1_GlobalStats, _campaigns_v1_Empty__Output, _campaigns_v1_GlobalStats__Output>
  GetPhoneStatus: MethodDefinition<_campaigns_v1_Empty, _campaigns_v1_PhoneStatus, _campaigns_v1_Empty__Output, _campaigns_v1_PhoneStatus__Output>
  GetPricing: MethodDefinition<_campaigns_v1_Empty, _campaigns_v1_RateCard, _campaigns_v1_Empty__Output, _campaigns_v1_RateCard__Output>
  GetProviderCost: MethodDefinition<_campaigns_v1_IdRequest, _campaigns_v1_ProviderCost, _campaigns_v1_IdRequest__Output, _campaigns_v1_ProviderCost__Output>
  GetProviderCosts: MethodDefinition<_campaigns_v1_ProviderCostsRequest, _campaigns_v1_ProviderCosts, _campaigns_v1_ProviderCostsRequest__Output, _campaigns_v1_ProviderCosts__Output>
  GetSurveyResults: MethodDefinition<_campaigns_v1_SurveyResultsRequest, _campaigns_v1_SurveyResults, _campaigns_v1_SurveyResultsRequest__Output, _campaigns_v1_SurveyResults__Output>
  ListCampaigns: MethodDefinition<_campaigns_v1_ListCampaignsRequest, _campaigns_v1_CampaignPage, _campaigns_v1_ListCampaignsRequest__Output, _campaigns_v1_CampaignPage__Output>
  PauseCampaign: MethodDefinition<_campaigns_v1_IdRequest, _campaigns_v1_Campaign, _campaigns_v1_IdRequest__Output, _campaigns_v1_Campaign__Output>
  ResumeCampaign: MethodDefinition<_campaigns_v1_IdRequest, _campaigns_v1_Campaign, _campaigns_v1_IdRequest__Output, _campaigns_v1_Campaign__Output>
}
