// Original file: campaigns/v1/campaigns.proto


export interface Warning {
  'code'?: (string);
  'message'?: (string);
}

export interface Warning__Output {
  'code': (string);
  'message': (string);
}
