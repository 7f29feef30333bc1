// Original file: campaigns/v1/campaigns.proto


export interface SurveyAnswer {
  'questionIndex'?: (number);
  'question'?: (string);
  'answer'?: (string);
  'source'?: (string);
  'answeredAt'?: (string);
}

export interface SurveyAnswer__Output {
  'questionIndex': (number);
  'question': (string);
  'answer': (string);
  'source': (string);
  'answeredAt': (string);
}
