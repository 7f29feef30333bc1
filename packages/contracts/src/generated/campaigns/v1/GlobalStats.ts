// Original file: campaigns/v1/campaigns.proto

import type { Funnel as _campaigns_v1_Funnel, Funnel__Output as _campaigns_v1_Funnel__Output } from '../../campaigns/v1/Funnel';
import type { Rates as _campaigns_v1_Rates, Rates__Output as _campaigns_v1_Rates__Output } from '../../campaigns/v1/Rates';
import type { Cost as _campaigns_v1_Cost, Cost__Output as _campaigns_v1_Cost__Output } from '../../campaigns/v1/Cost';

export interface GlobalStats {
  'campaigns'?: (number);
  'campaignsByStatus'?: ({[key: string]: number});
  'funnel'?: (_campaigns_v1_Funnel | null);
  'rates'?: (_campaigns_v1_Rates | null);
  'cost'?: (_campaigns_v1_Cost | null);
}

export interface GlobalStats__Output {
  'campaigns': (number);
  'campaignsByStatus': ({[key: string]: number});
  'funnel': (_campaigns_v1_Funnel__Output | null);
  'rates': (_campaigns_v1_Rates__Output | null);
  'cost': (_campaigns_v1_Cost__Output | null);
}
