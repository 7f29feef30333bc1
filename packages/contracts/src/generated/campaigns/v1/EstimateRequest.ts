// Original file: campaigns/v1/campaigns.proto


export interface EstimateRequest {
  'templateId'?: (string);
  'language'?: (string);
  'phones'?: (string)[];
  '_language'?: "language";
}

export interface EstimateRequest__Output {
  'templateId': (string);
  'language'?: (string);
  'phones': (string)[];
  '_language'?: "language";
}
