// Original file: campaigns/v1/campaigns.proto

import type { QuestionSummary as _campaigns_v1_QuestionSummary, QuestionSummary__Output as _campaigns_v1_QuestionSummary__Output } from '../../campaigns/v1/QuestionSummary';
import type { SurveyResponse as _campaigns_v1_SurveyResponse, SurveyResponse__Output as _campaigns_v1_SurveyResponse__Output } from '../../campaigns/v1/SurveyResponse';

export interface SurveyResults {
  'campaignId'?: (string);
  'questions'?: (_campaigns_v1_QuestionSummary)[];
  'data'?: (_campaigns_v1_SurveyResponse)[];
  'page'?: (number);
  'pageSize'?: (number);
  'total'?: (number);
}

export interface SurveyResults__Output {
  'campaignId': (string);
  'questions': (_campaigns_v1_QuestionSummary__Output)[];
  'data': (_campaigns_v1_SurveyResponse__Output)[];
  'page': (number);
  'pageSize': (number);
  'total': (number);
}
