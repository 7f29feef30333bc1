// Original file: campaigns/v1/campaigns.proto

import type { Counts as _campaigns_v1_Counts, Counts__Output as _campaigns_v1_Counts__Output } from '../../campaigns/v1/Counts';
import type { Cost as _campaigns_v1_Cost, Cost__Output as _campaigns_v1_Cost__Output } from '../../campaigns/v1/Cost';
import type { SurveyQuestion as _campaigns_v1_SurveyQuestion, SurveyQuestion__Output as _campaigns_v1_SurveyQuestion__Output } from '../../campaigns/v1/SurveyQuestion';

export interface Campaign {
  'id'?: (string);
  'name'?: (string);
  'templateId'?: (string);
  'templateName'?: (string);
  'templateLanguage'?: (string);
  'templateCategory'?: (string);
  'kind'?: (string);
  'status'?: (string);
  'pauseReason'?: (string);
  'pauseCode'?: (string);
  'scheduledAt'?: (string);
  'counts'?: (_campaigns_v1_Counts | null);
  'cost'?: (_campaigns_v1_Cost | null);
  'questions'?: (_campaigns_v1_SurveyQuestion)[];
  'createdBy'?: (string);
  'createdAt'?: (string);
  'startedAt'?: (string);
  'completedAt'?: (string);
  'updatedAt'?: (string);
  'phoneNumberId'?: (string);
  '_pauseReason'?: "pauseReason";
  '_pauseCode'?: "pauseCode";
  '_scheduledAt'?: "scheduledAt";
  '_createdBy'?: "createdBy";
  '_startedAt'?: "startedAt";
  '_completedAt'?: "completedAt";
}

export interface Campaign__Output {
  'id': (string);
  'name': (string);
  'templateId': (string);
  'templateName': (string);
  'templateLanguage': (string);
  'templateCategory': (string);
  'kind': (string);
  'status': (string);
  'pauseReason'?: (string);
  'pauseCode'?: (string);
  'scheduledAt'?: (string);
  'counts': (_campaigns_v1_Counts__Output | null);
  'cost': (_campaigns_v1_Cost__Output | null);
  'questions': (_campaigns_v1_SurveyQuestion__Output)[];
  'createdBy'?: (string);
  'createdAt': (string);
  'startedAt'?: (string);
  'completedAt'?: (string);
  'updatedAt': (string);
  'phoneNumberId': (string);
  '_pauseReason'?: "pauseReason";
  '_pauseCode'?: "pauseCode";
  '_scheduledAt'?: "scheduledAt";
  '_createdBy'?: "createdBy";
  '_startedAt'?: "startedAt";
  '_completedAt'?: "completedAt";
}
