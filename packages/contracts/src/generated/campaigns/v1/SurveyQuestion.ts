// Original file: campaigns/v1/campaigns.proto


export interface SurveyQuestion {
  'text'?: (string);
  'options'?: (string)[];
}

export interface SurveyQuestion__Output {
  'text': (string);
  'options': (string)[];
}
