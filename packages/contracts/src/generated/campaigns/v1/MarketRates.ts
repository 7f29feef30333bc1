// Original file: campaigns/v1/campaigns.proto


export interface MarketRates {
  'market'?: (string);
  'name'?: (string);
  'prefixes'?: (string)[];
  'marketing'?: (number | string);
  'utility'?: (number | string);
  'authentication'?: (number | string);
  'authenticationInternational'?: (number | string);
  '_authenticationInternational'?: "authenticationInternational";
}

export interface MarketRates__Output {
  'market': (string);
  'name': (string);
  'prefixes': (string)[];
  'marketing': (number);
  'utility': (number);
  'authentication': (number);
  'authenticationInternational'?: (number);
  '_authenticationInternational'?: "authenticationInternational";
}
