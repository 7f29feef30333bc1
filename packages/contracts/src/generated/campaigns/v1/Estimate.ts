// Original file: campaigns/v1/campaigns.proto

import type { MarketEstimate as _campaigns_v1_MarketEstimate, MarketEstimate__Output as _campaigns_v1_MarketEstimate__Output } from '../../campaigns/v1/MarketEstimate';
import type { InvalidRecipient as _campaigns_v1_InvalidRecipient, InvalidRecipient__Output as _campaigns_v1_InvalidRecipient__Output } from '../../campaigns/v1/InvalidRecipient';
import type { Warning as _campaigns_v1_Warning, Warning__Output as _campaigns_v1_Warning__Output } from '../../campaigns/v1/Warning';

export interface Estimate {
  'currency'?: (string);
  'templateCategory'?: (string);
  'recipients'?: (number);
  'total'?: (number | string);
  'markets'?: (_campaigns_v1_MarketEstimate)[];
  'invalidRecipients'?: (_campaigns_v1_InvalidRecipient)[];
  'duplicatesRemoved'?: (number);
  'warnings'?: (_campaigns_v1_Warning)[];
  'messagingLimitTier'?: (string);
  'rateCardEffectiveFrom'?: (string);
  '_messagingLimitTier'?: "messagingLimitTier";
}

export interface Estimate__Output {
  'currency': (string);
  'templateCategory': (string);
  'recipients': (number);
  'total': (number);
  'markets': (_campaigns_v1_MarketEstimate__Output)[];
  'invalidRecipients': (_campaigns_v1_InvalidRecipient__Output)[];
  'duplicatesRemoved': (number);
  'warnings': (_campaigns_v1_Warning__Output)[];
  'messagingLimitTier'?: (string);
  'rateCardEffectiveFrom': (string);
  '_messagingLimitTier'?: "messagingLimitTier";
}
