// Original file: campaigns/v1/campaigns.proto

import type { Campaign as _campaigns_v1_Campaign, Campaign__Output as _campaigns_v1_Campaign__Output } from '../../campaigns/v1/Campaign';

export interface CampaignPage {
  'data'?: (_campaigns_v1_Campaign)[];
  'nextCursor'?: (string);
  'page'?: (number);
  'limit'?: (number);
  'total'?: (number);
  '_nextCursor'?: "nextCursor";
}

export interface CampaignPage__Output {
  'data': (_campaigns_v1_Campaign__Output)[];
  'nextCursor'?: (string);
  'page': (number);
  'limit': (number);
  'total': (number);
  '_nextCursor'?: "nextCursor";
}
