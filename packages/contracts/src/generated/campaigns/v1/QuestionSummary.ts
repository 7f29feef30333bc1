// Original file: campaigns/v1/campaigns.proto

import type { OptionCount as _campaigns_v1_OptionCount, OptionCount__Output as _campaigns_v1_OptionCount__Output } from '../../campaigns/v1/OptionCount';

export interface QuestionSummary {
  'questionIndex'?: (number);
  'question'?: (string);
  'answers'?: (number);
  'options'?: (_campaigns_v1_OptionCount)[];
}

export interface QuestionSummary__Output {
  'questionIndex': (number);
  'question': (string);
  'answers': (number);
  'options': (_campaigns_v1_OptionCount__Output)[];
}
