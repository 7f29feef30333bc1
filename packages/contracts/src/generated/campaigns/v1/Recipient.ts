// Original file: campaigns/v1/campaigns.proto

import type { RecipientError as _campaigns_v1_RecipientError, RecipientError__Output as _campaigns_v1_RecipientError__Output } from '../../campaigns/v1/RecipientError';

export interface Recipient {
  'id'?: (string);
  'phone'?: (string);
  'waId'?: (string);
  'status'?: (string);
  'error'?: (_campaigns_v1_RecipientError | null);
  'sentAt'?: (string);
  'deliveredAt'?: (string);
  'readAt'?: (string);
  'repliedAt'?: (string);
  'failedAt'?: (string);
  'cost'?: (number | string);
  'retryableAfter'?: (string);
  'parametersJson'?: (string);
  '_waId'?: "waId";
  '_error'?: "error";
  '_sentAt'?: "sentAt";
  '_deliveredAt'?: "deliveredAt";
  '_readAt'?: "readAt";
  '_repliedAt'?: "repliedAt";
  '_failedAt'?: "failedAt";
  '_cost'?: "cost";
  '_retryableAfter'?: "retryableAfter";
  '_parametersJson'?: "parametersJson";
}

export interface Recipient__Output {
  'id': (string);
  'phone': (string);
  'waId'?: (string);
  'status': (string);
  'error'?: (_campaigns_v1_RecipientError__Output | null);
  'sentAt'?: (string);
  'deliveredAt'?: (string);
  'readAt'?: (string);
  'repliedAt'?: (string);
  'failedAt'?: (string);
  'cost'?: (number);
  'retryableAfter'?: (string);
  'parametersJson'?: (string);
  '_waId'?: "waId";
  '_error'?: "error";
  '_sentAt'?: "sentAt";
  '_deliveredAt'?: "deliveredAt";
  '_readAt'?: "readAt";
  '_repliedAt'?: "repliedAt";
  '_failedAt'?: "failedAt";
  '_cost'?: "cost";
  '_retryableAfter'?: "retryableAfter";
  '_parametersJson'?: "parametersJson";
}
