// Original file: campaigns/v1/campaigns.proto

import type { Counts as _campaigns_v1_Counts, Counts__Output as _campaigns_v1_Counts__Output } from '../../campaigns/v1/Counts';
import type { Funnel as _campaigns_v1_Funnel, Funnel__Output as _campaigns_v1_Funnel__Output } from '../../campaigns/v1/Funnel';
import type { Rates as _campaigns_v1_Rates, Rates__Output as _campaigns_v1_Rates__Output } from '../../campaigns/v1/Rates';
import type { Cost as _campaigns_v1_Cost, Cost__Output as _campaigns_v1_Cost__Output } from '../../campaigns/v1/Cost';
import type { FailureCount as _campaigns_v1_FailureCount, FailureCount__Output as _campaigns_v1_FailureCount__Output } from '../../campaigns/v1/FailureCount';

export interface CampaignStats {
  'campaignId'?: (string);
  'status'?: (string);
  'counts'?: (_campaigns_v1_Counts | null);
  'funnel'?: (_campaigns_v1_Funnel | null);
  'rates'?: (_campaigns_v1_Rates | null);
  'cost'?: (_campaigns_v1_Cost | null);
  'failures'?: (_campaigns_v1_FailureCount)[];
}

export interface CampaignStats__Output {
  'campaignId': (string);
  'status': (string);
  'counts': (_campaigns_v1_Counts__Output | null);
  'funnel': (_campaigns_v1_Funnel__Output | null);
  'rates': (_campaigns_v1_Rates__Output | null);
  'cost': (_campaigns_v1_Cost__Output | null);
  'failures': (_campaigns_v1_FailureCount__Output)[];
}
