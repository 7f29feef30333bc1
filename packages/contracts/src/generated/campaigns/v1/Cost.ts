// Original file: campaigns/v1/campaigns.proto


export interface Cost {
  'currency'?: (string);
  'estimated'?: (number | string);
  'actual'?: (number | string);
}

export interface Cost__Output {
  'currency': (string);
  'estimated': (number);
  'actual': (number);
}
