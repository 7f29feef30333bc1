// Original file: campaigns/v1/campaigns.proto

import type { CategoryCost as _campaigns_v1_CategoryCost, CategoryCost__Output as _campaigns_v1_CategoryCost__Output } from '../../campaigns/v1/CategoryCost';
import type { MarketEstimate as _campaigns_v1_MarketEstimate, MarketEstimate__Output as _campaigns_v1_MarketEstimate__Output } from '../../campaigns/v1/MarketEstimate';

export interface ProviderCost {
  'campaignId'?: (string);
  'currency'?: (string);
  'total'?: (number | string);
  'billableMessages'?: (number);
  'freeMessages'?: (number);
  'categories'?: (_campaigns_v1_CategoryCost)[];
  'markets'?: (_campaigns_v1_MarketEstimate)[];
  'estimated'?: (number | string);
}

export interface ProviderCost__Output {
  'campaignId': (string);
  'currency': (string);
  'total': (number);
  'billableMessages': (number);
  'freeMessages': (number);
  'categories': (_campaigns_v1_CategoryCost__Output)[];
  'markets': (_campaigns_v1_MarketEstimate__Output)[];
  'estimated': (number);
}
