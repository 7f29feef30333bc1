// Original file: campaigns/v1/campaigns.proto

import type { SurveyAnswer as _campaigns_v1_SurveyAnswer, SurveyAnswer__Output as _campaigns_v1_SurveyAnswer__Output } from '../../campaigns/v1/SurveyAnswer';

export interface SurveyResponse {
  'recipientId'?: (string);
  'phone'?: (string);
  'waId'?: (string);
  'answers'?: (_campaigns_v1_SurveyAnswer)[];
  'completed'?: (boolean);
  '_waId'?: "waId";
}

export interface SurveyResponse__Output {
  'recipientId': (string);
  'phone': (string);
  'waId'?: (string);
  'answers': (_campaigns_v1_SurveyAnswer__Output)[];
  'completed': (boolean);
  '_waId'?: "waId";
}
