// Original file: campaigns/v1/campaigns.proto


export interface Funnel {
  'total'?: (number);
  'sent'?: (number);
  'delivered'?: (number);
  'read'?: (number);
  'replied'?: (number);
  'failed'?: (number);
  'pending'?: (number);
}

export interface Funnel__Output {
  'total': (number);
  'sent': (number);
  'delivered': (number);
  'read': (number);
  'replied': (number);
  'failed': (number);
  'pending': (number);
}
