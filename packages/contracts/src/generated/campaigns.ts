import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Campaign as _campaigns_v1_Campaign, Campaign__Output as _campaigns_v1_Campaign__Output } from './campaigns/v1/Campaign';
import type { CampaignDetail as _campaigns_v1_CampaignDetail, CampaignDetail__Output as _campaigns_v1_CampaignDetail__Output } from './campaigns/v1/CampaignDetail';
import type { CampaignPage as _campaigns_v1_CampaignPage, CampaignPage__Output as _campaigns_v1_CampaignPage__Output } from './campaigns/v1/CampaignPage';
import type { CampaignStats as _campaigns_v1_CampaignStats, CampaignStats__Output as _campaigns_v1_CampaignStats__Output } from './campaigns/v1/CampaignStats';
import type { CampaignsServiceClient as _campaigns_v1_CampaignsServiceClient, CampaignsServiceDefinition as _campaigns_v1_CampaignsServiceDefinition } from './campaigns/v1/CampaignsService';
import type { CategoryCost as _campaigns_v1_CategoryCost, CategoryCost__Output as _campaigns_v1_CategoryCost__Output } from './campaigns/v1/CategoryCost';
import type { Cost as _campaigns_v1_Cost, Cost__Output as _campaigns_v1_Cost__Output } from './campaigns/v1/Cost';
import type { Counts as _campaigns_v1_Counts, Counts__Output as _campaigns_v1_Counts__Output } from './campaigns/v1/Counts';
import type { CreateCampaignRequest as _campaigns_v1_CreateCampaignRequest, CreateCampaignRequest__Output as _campaigns_v1_CreateCampaignRequest__Output } from './campaigns/v1/CreateCampaignRequest';
import type { CreateCampaignResult as _campaigns_v1_CreateCampaignResult, CreateCampaignResult__Output as _campaigns_v1_CreateCampaignResult__Output } from './campaigns/v1/CreateCampaignResult';
import type { Empty as _campaigns_v1_Empty, Empty__Output as _campaigns_v1_Empty__Output } from './campaigns/v1/Empty';
import type { Estimate as _campaigns_v1_Estimate, Estimate__Output as _campaigns_v1_Estimate__Output } from './campaigns/v1/Estimate';
import type { EstimateRequest as _campaigns_v1_EstimateRequest, EstimateRequest__Output as _campaigns_v1_EstimateRequest__Output } from './campaigns/v1/EstimateRequest';
import type { FailureCount as _campaigns_v1_FailureCount, FailureCount__Output as _campaigns_v1_FailureCount__Output } from './campaigns/v1/FailureCount';
import type { Funnel as _campaigns_v1_Funnel, Funnel__Output as _campaigns_v1_Funnel__Output } from './campaigns/v1/Funnel';
import type { GetCampaignRequest as _campaigns_v1_GetCampaignRequest, GetCampaignRequest__Output as _campaigns_v1_GetCampaignRequest__Output } from './campaigns/v1/GetCampaignRequest';
import type { GlobalStats as _campaigns_v1_GlobalStats, GlobalStats__Output as _campaigns_v1_GlobalStats__Output } from './campaigns/v1/GlobalStats';
import type { IdRequest as _campaigns_v1_IdRequest, IdRequest__Output as _campaigns_v1_IdRequest__Output } from './campaigns/v1/IdRequest';
import type { InvalidRecipient as _campaigns_v1_InvalidRecipient, InvalidRecipient__Output as _campaigns_v1_InvalidRecipient__Output } from './campaigns/v1/InvalidRecipient';
import type { ListCampaignsRequest as _campaigns_v1_ListCampaignsRequest, ListCampaignsRequest__Output as _campaigns_v1_ListCampaignsRequest__Output } from './campaigns/v1/ListCampaignsRequest';
import type { MarketEstimate as _campaigns_v1_MarketEstimate, MarketEstimate__Output as _campaigns_v1_MarketEstimate__Output } from './campaigns/v1/MarketEstimate';
import type { MarketRates as _campaigns_v1_MarketRates, MarketRates__Output as _campaigns_v1_MarketRates__Output } from './campaigns/v1/MarketRates';
import type { OptionCount as _campaigns_v1_OptionCount, OptionCount__Output as _campaigns_v1_OptionCount__Output } from './campaigns/v1/OptionCount';
import type { PhoneStatus as _campaigns_v1_PhoneStatus, PhoneStatus__Output as _campaigns_v1_PhoneStatus__Output } from './campaigns/v1/PhoneStatus';
import type { ProviderCost as _campaigns_v1_ProviderCost, ProviderCost__Output as _campaigns_v1_ProviderCost__Output } from './campaigns/v1/ProviderCost';
import type { ProviderCosts as _campaigns_v1_ProviderCosts, ProviderCosts__Output as _campaigns_v1_ProviderCosts__Output } from './campaigns/v1/ProviderCosts';
import type { ProviderCostsRequest as _campaigns_v1_ProviderCostsRequest, ProviderCostsRequest__Output as _campaigns_v1_ProviderCostsRequest__Output } from './campaigns/v1/ProviderCostsRequest';
import type { QuestionSummary as _campaigns_v1_QuestionSummary, QuestionSummary__Output as _campaigns_v1_QuestionSummary__Output } from './campaigns/v1/QuestionSummary';
import type { RateCard as _campaigns_v1_RateCard, RateCard__Output as _campaigns_v1_RateCard__Output } from './campaigns/v1/RateCard';
import type { Rates as _campaigns_v1_Rates, Rates__Output as _campaigns_v1_Rates__Output } from './campaigns/v1/Rates';
import type { Recipient as _campaigns_v1_Recipient, Recipient__Output as _campaigns_v1_Recipient__Output } from './campaigns/v1/Recipient';
import type { RecipientError as _campaigns_v1_RecipientError, RecipientError__Output as _campaigns_v1_RecipientError__Output } from './campaigns/v1/RecipientError';
import type { RecipientInput as _campaigns_v1_RecipientInput, RecipientInput__Output as _campaigns_v1_RecipientInput__Output } from './campaigns/v1/RecipientInput';
import type { SurveyAnswer as _campaigns_v1_SurveyAnswer, SurveyAnswer__Output as _campaigns_v1_SurveyAnswer__Output } from './campaigns/v1/SurveyAnswer';
import type { SurveyQuestion as _campaigns_v1_SurveyQuestion, SurveyQuestion__Output as _campaigns_v1_SurveyQuestion__Output } from './campaigns/v1/SurveyQuestion';
import type { SurveyResponse as _campaigns_v1_SurveyResponse, SurveyResponse__Output as _campaigns_v1_SurveyResponse__Output } from './campaigns/v1/SurveyResponse';
import type { SurveyResults as _campaigns_v1_SurveyResults, SurveyResults__Output as _campaigns_v1_SurveyResults__Output } from './campaigns/v1/SurveyResults';
import type { SurveyResultsRequest as _campaigns_v1_SurveyResultsRequest, SurveyResultsRequest__Output as _campaigns_v1_SurveyResultsRequest__Output } from './campaigns/v1/SurveyResultsRequest';
import type { TemplateProviderCost as _campaigns_v1_TemplateProviderCost, TemplateProviderCost__Output as _campaigns_v1_TemplateProviderCost__Output } from './campaigns/v1/TemplateProviderCost';
import type { Warning as _campaigns_v1_Warning, Warning__Output as _campaigns_v1_Warning__Output } from './campaigns/v1/Warning';
import type { HistoryEvent as _history_v1_HistoryEvent, HistoryEvent__Output as _history_v1_HistoryEvent__Output } from './history/v1/HistoryEvent';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from './history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from './history/v1/HistoryRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  campaigns: {
    v1: {
      Campaign: MessageTypeDefinition<_campaigns_v1_Campaign, _campaigns_v1_Campaign__Output>
      CampaignDetail: MessageTypeDefinition<_campaigns_v1_CampaignDetail, _campaigns_v1_CampaignDetail__Output>
      CampaignPage: MessageTypeDefinition<_campaigns_v1_CampaignPage, _campaigns_v1_CampaignPage__Output>
      CampaignStats: MessageTypeDefinition<_campaigns_v1_CampaignStats, _campaigns_v1_CampaignStats__Output>
      CampaignsService: SubtypeConstructor<typeof grpc.Client, _campaigns_v1_CampaignsServiceClient> & { service: _campaigns_v1_CampaignsServiceDefinition }
      CategoryCost: MessageTypeDefinition<_campaigns_v1_CategoryCost, _campaigns_v1_CategoryCost__Output>
      Cost: MessageTypeDefinition<_campaigns_v1_Cost, _campaigns_v1_Cost__Output>
      Counts: MessageTypeDefinition<_campaigns_v1_Counts, _campaigns_v1_Counts__Output>
      CreateCampaignRequest: MessageTypeDefinition<_campaigns_v1_CreateCampaignRequest, _campaigns_v1_CreateCampaignRequest__Output>
      CreateCampaignResult: MessageTypeDefinition<_campaigns_v1_CreateCampaignResult, _campaigns_v1_CreateCampaignResult__Output>
      Empty: MessageTypeDefinition<_campaigns_v1_Empty, _campaigns_v1_Empty__Output>
      Estimate: MessageTypeDefinition<_campaigns_v1_Estimate, _campaigns_v1_Estimate__Output>
      EstimateRequest: MessageTypeDefinition<_campaigns_v1_EstimateRequest, _campaigns_v1_EstimateRequest__Output>
      FailureCount: MessageTypeDefinition<_campaigns_v1_FailureCount, _campaigns_v1_FailureCount__Output>
      Funnel: MessageTypeDefinition<_campaigns_v1_Funnel, _campaigns_v1_Funnel__Output>
      GetCampaignRequest: MessageTypeDefinition<_campaigns_v1_GetCampaignRequest, _campaigns_v1_GetCampaignRequest__Output>
      GlobalStats: MessageTypeDefinition<_campaigns_v1_GlobalStats, _campaigns_v1_GlobalStats__Output>
      IdRequest: MessageTypeDefinition<_campaigns_v1_IdRequest, _campaigns_v1_IdRequest__Output>
      InvalidRecipient: MessageTypeDefinition<_campaigns_v1_InvalidRecipient, _campaigns_v1_InvalidRecipient__Output>
      ListCampaignsRequest: MessageTypeDefinition<_campaigns_v1_ListCampaignsRequest, _campaigns_v1_ListCampaignsRequest__Output>
      MarketEstimate: MessageTypeDefinition<_campaigns_v1_MarketEstimate, _campaigns_v1_MarketEstimate__Output>
      MarketRates: MessageTypeDefinition<_campaigns_v1_MarketRates, _campaigns_v1_MarketRates__Output>
      OptionCount: MessageTypeDefinition<_campaigns_v1_OptionCount, _campaigns_v1_OptionCount__Output>
      PhoneStatus: MessageTypeDefinition<_campaigns_v1_PhoneStatus, _campaigns_v1_PhoneStatus__Output>
      ProviderCost: MessageTypeDefinition<_campaigns_v1_ProviderCost, _campaigns_v1_ProviderCost__Output>
      ProviderCosts: MessageTypeDefinition<_campaigns_v1_ProviderCosts, _campaigns_v1_ProviderCosts__Output>
      ProviderCostsRequest: MessageTypeDefinition<_campaigns_v1_ProviderCostsRequest, _campaigns_v1_ProviderCostsRequest__Output>
      QuestionSummary: MessageTypeDefinition<_campaigns_v1_QuestionSummary, _campaigns_v1_QuestionSummary__Output>
      RateCard: MessageTypeDefinition<_campaigns_v1_RateCard, _campaigns_v1_RateCard__Output>
      Rates: MessageTypeDefinition<_campaigns_v1_Rates, _campaigns_v1_Rates__Output>
      Recipient: MessageTypeDefinition<_campaigns_v1_Recipient, _campaigns_v1_Recipient__Output>
      RecipientError: MessageTypeDefinition<_campaigns_v1_RecipientError, _campaigns_v1_RecipientError__Output>
      RecipientInput: MessageTypeDefinition<_campaigns_v1_RecipientInput, _campaigns_v1_RecipientInput__Output>
      SurveyAnswer: MessageTypeDefinition<_campaigns_v1_SurveyAnswer, _campaigns_v1_SurveyAnswer__Output>
      SurveyQuestion: MessageTypeDefinition<_campaigns_v1_SurveyQuestion, _campaigns_v1_SurveyQuestion__Output>
      SurveyResponse: MessageTypeDefinition<_campaigns_v1_SurveyResponse, _campaigns_v1_SurveyResponse__Output>
      SurveyResults: MessageTypeDefinition<_campaigns_v1_SurveyResults, _campaigns_v1_SurveyResults__Output>
      SurveyResultsRequest: MessageTypeDefinition<_campaigns_v1_SurveyResultsRequest, _campaigns_v1_SurveyResultsRequest__Output>
      TemplateProviderCost: MessageTypeDefinition<_campaigns_v1_TemplateProviderCost, _campaigns_v1_TemplateProviderCost__Output>
      Warning: MessageTypeDefinition<_campaigns_v1_Warning, _campaigns_v1_Warning__Output>
    }
  }
  history: {
    v1: {
      HistoryEvent: MessageTypeDefinition<_history_v1_HistoryEvent, _history_v1_HistoryEvent__Output>
      HistoryPage: MessageTypeDefinition<_history_v1_HistoryPage, _history_v1_HistoryPage__Output>
      HistoryRequest: MessageTypeDefinition<_history_v1_HistoryRequest, _history_v1_HistoryRequest__Output>
    }
  }
}

