// Original file: campaigns/v1/campaigns.proto


export interface Counts {
  'total'?: (number);
  'pending'?: (number);
  'sent'?: (number);
  'delivered'?: (number);
  'read'?: (number);
  'failed'?: (number);
  'replied'?: (number);
}

export interface Counts__Output {
  'total': (number);
  'pending': (number);
  'sent': (number);
  'delivered': (number);
  'read': (number);
  'failed': (number);
  'replied': (number);
}
