// Original file: campaigns/v1/campaigns.proto

import type { RecipientInput as _campaigns_v1_RecipientInput, RecipientInput__Output as _campaigns_v1_RecipientInput__Output } from '../../campaigns/v1/RecipientInput';
import type { SurveyQuestion as _campaigns_v1_SurveyQuestion, SurveyQuestion__Output as _campaigns_v1_SurveyQuestion__Output } from '../../campaigns/v1/SurveyQuestion';

export interface CreateCampaignRequest {
  'name'?: (string);
  'templateId'?: (string);
  'language'?: (string);
  'kind'?: (string);
  'scheduledAt'?: (string);
  'recipients'?: (_campaigns_v1_RecipientInput)[];
  'questions'?: (_campaigns_v1_SurveyQuestion)[];
  '_language'?: "language";
  '_kind'?: "kind";
  '_scheduledAt'?: "scheduledAt";
}

export interface CreateCampaignRequest__Output {
  'name': (string);
  'templateId': (string);
  'language'?: (string);
  'kind'?: (string);
  'scheduledAt'?: (string);
  'recipients': (_campaigns_v1_RecipientInput__Output)[];
  'questions': (_campaigns_v1_SurveyQuestion__Output)[];
  '_language'?: "language";
  '_kind'?: "kind";
  '_scheduledAt'?: "scheduledAt";
}
