// Original file: campaigns/v1/campaigns.proto


export interface PhoneStatus {
  'phoneNumberId'?: (string);
  'displayPhoneNumber'?: (string);
  'verifiedName'?: (string);
  'status'?: (string);
  'qualityRating'?: (string);
  'nameStatus'?: (string);
  'messagingLimitTier'?: (string);
  'throughputLevel'?: (string);
  'sendRate'?: (number);
  'fetchedAt'?: (string);
  '_displayPhoneNumber'?: "displayPhoneNumber";
  '_verifiedName'?: "verifiedName";
  '_status'?: "status";
  '_qualityRating'?: "qualityRating";
  '_nameStatus'?: "nameStatus";
  '_messagingLimitTier'?: "messagingLimitTier";
  '_throughputLevel'?: "throughputLevel";
}

export interface PhoneStatus__Output {
  'phoneNumberId': (string);
  'displayPhoneNumber'?: (string);
  'verifiedName'?: (string);
  'status'?: (string);
  'qualityRating'?: (string);
  'nameStatus'?: (string);
  'messagingLimitTier'?: (string);
  'throughputLevel'?: (string);
  'sendRate': (number);
  'fetchedAt': (string);
  '_displayPhoneNumber'?: "displayPhoneNumber";
  '_verifiedName'?: "verifiedName";
  '_status'?: "status";
  '_qualityRating'?: "qualityRating";
  '_nameStatus'?: "nameStatus";
  '_messagingLimitTier'?: "messagingLimitTier";
  '_throughputLevel'?: "throughputLevel";
}
