// Original file: campaigns/v1/campaigns.proto


export interface FailureCount {
  'code'?: (string);
  'title'?: (string);
  'count'?: (number);
}

export interface FailureCount__Output {
  'code': (string);
  'title': (string);
  'count': (number);
}
