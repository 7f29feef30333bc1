// Original file: campaigns/v1/campaigns.proto

import type { Campaign as _campaigns_v1_Campaign, Campaign__Output as _campaigns_v1_Campaign__Output } from '../../campaigns/v1/Campaign';
import type { Recipient as _campaigns_v1_Recipient, Recipient__Output as _campaigns_v1_Recipient__Output } from '../../campaigns/v1/Recipient';

export interface CampaignDetail {
  'campaign'?: (_campaigns_v1_Campaign | null);
  'recipients'?: (_campaigns_v1_Recipient)[];
  'page'?: (number);
  'limit'?: (number);
  'total'?: (number);
}

export interface CampaignDetail__Output {
  'campaign': (_campaigns_v1_Campaign__Output | null);
  'recipients': (_campaigns_v1_Recipient__Output)[];
  'page': (number);
  'limit': (number);
  'total': (number);
}
