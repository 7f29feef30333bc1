// Original file: campaigns/v1/campaigns.proto


export interface Rates {
  'delivery'?: (number | string);
  'read'?: (number | string);
  'reply'?: (number | string);
  'failure'?: (number | string);
}

export interface Rates__Output {
  'delivery': (number);
  'read': (number);
  'reply': (number);
  'failure': (number);
}
