// Original file: campaigns/v1/campaigns.proto


export interface MarketEstimate {
  'market'?: (string);
  'name'?: (string);
  'recipients'?: (number);
  'rate'?: (number | string);
  'amount'?: (number | string);
}

export interface MarketEstimate__Output {
  'market': (string);
  'name': (string);
  'recipients': (number);
  'rate': (number);
  'amount': (number);
}
