// Original file: campaigns/v1/campaigns.proto

import type { Campaign as _campaigns_v1_Campaign, Campaign__Output as _campaigns_v1_Campaign__Output } from '../../campaigns/v1/Campaign';
import type { InvalidRecipient as _campaigns_v1_InvalidRecipient, InvalidRecipient__Output as _campaigns_v1_InvalidRecipient__Output } from '../../campaigns/v1/InvalidRecipient';

export interface CreateCampaignResult {
  'campaign'?: (_campaigns_v1_Campaign | null);
  'invalidRecipients'?: (_campaigns_v1_InvalidRecipient)[];
  'duplicatesRemoved'?: (number);
}

export interface CreateCampaignResult__Output {
  'campaign': (_campaigns_v1_Campaign__Output | null);
  'invalidRecipients': (_campaigns_v1_InvalidRecipient__Output)[];
  'duplicatesRemoved': (number);
}
