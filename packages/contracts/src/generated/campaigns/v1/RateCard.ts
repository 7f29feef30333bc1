// Original file: campaigns/v1/campaigns.proto

import type { MarketRates as _campaigns_v1_MarketRates, MarketRates__Output as _campaigns_v1_MarketRates__Output } from '../../campaigns/v1/MarketRates';

export interface RateCard {
  'currency'?: (string);
  'effectiveFrom'?: (string);
  'source'?: (string);
  'markets'?: (_campaigns_v1_MarketRates)[];
}

export interface RateCard__Output {
  'currency': (string);
  'effectiveFrom': (string);
  'source': (string);
  'markets': (_campaigns_v1_MarketRates__Output)[];
}
