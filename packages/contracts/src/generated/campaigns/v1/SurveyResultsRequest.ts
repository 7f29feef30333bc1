// Original file: campaigns/v1/campaigns.proto


export interface SurveyResultsRequest {
  'id'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
}

export interface SurveyResultsRequest__Output {
  'id': (string);
  'page': (number);
  'pageSize': (number);
}
