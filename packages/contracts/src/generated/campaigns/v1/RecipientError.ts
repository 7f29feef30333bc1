// Original file: campaigns/v1/campaigns.proto


export interface RecipientError {
  'code'?: (string);
  'title'?: (string);
  'details'?: (string);
  '_details'?: "details";
}

export interface RecipientError__Output {
  'code': (string);
  'title': (string);
  'details'?: (string);
  '_details'?: "details";
}
