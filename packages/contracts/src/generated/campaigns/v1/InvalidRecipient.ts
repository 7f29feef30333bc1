// Original file: campaigns/v1/campaigns.proto


export interface InvalidRecipient {
  'index'?: (number);
  'phone'?: (string);
  'reason'?: (string);
  'message'?: (string);
}

export interface InvalidRecipient__Output {
  'index': (number);
  'phone': (string);
  'reason': (string);
  'message': (string);
}
