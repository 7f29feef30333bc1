// Original file: inbox/v1/inbox.proto

import type { ContactRef as _inbox_v1_ContactRef, ContactRef__Output as _inbox_v1_ContactRef__Output } from '../../inbox/v1/ContactRef';

export interface Conversation {
  'id'?: (string);
  'waId'?: (string);
  'contact'?: (_inbox_v1_ContactRef | null);
  'status'?: (string);
  'assignedTo'?: (string);
  'teamId'?: (string);
  'category'?: (string);
  'origin'?: (string);
  'followUp'?: (boolean);
  'followUpNote'?: (string);
  'unreadCount'?: (number);
  'tagIds'?: (string)[];
  'lastMessageAt'?: (string);
  'lastCustomerMessageAt'?: (string);
  'windowExpiresAt'?: (string);
  'handoffSummary'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'lastMessagePreview'?: (string);
  'lastMessageDirection'?: (string);
  'closedAt'?: (string);
  '_assignedTo'?: "assignedTo";
  '_teamId'?: "teamId";
  '_category'?: "category";
  '_followUpNote'?: "followUpNote";
  '_lastMessageAt'?: "lastMessageAt";
  '_lastCustomerMessageAt'?: "lastCustomerMessageAt";
  '_windowExpiresAt'?: "windowExpiresAt";
  '_handoffSummary'?: "handoffSummary";
  '_lastMessagePreview'?: "lastMessagePreview";
  '_lastMessageDirection'?: "lastMessageDirection";
  '_closedAt'?: "closedAt";
}

export interface Conversation__Output {
  'id': (string);
  'waId': (string);
  'contact': (_inbox_v1_ContactRef__Output | null);
  'status': (string);
  'assignedTo'?: (string);
  'teamId'?: (string);
  'category'?: (string);
  'origin': (string);
  'followUp': (boolean);
  'followUpNote'?: (string);
  'unreadCount': (number);
  'tagIds': (string)[];
  'lastMessageAt'?: (string);
  'lastCustomerMessageAt'?: (string);
  'windowExpiresAt'?: (string);
  'handoffSummary'?: (string);
  'createdAt': (string);
  'updatedAt': (string);
  'lastMessagePreview'?: (string);
  'lastMessageDirection'?: (string);
  'closedAt'?: (string);
  '_assignedTo'?: "assignedTo";
  '_teamId'?: "teamId";
  '_category'?: "category";
  '_followUpNote'?: "followUpNote";
  '_lastMessageAt'?: "lastMessageAt";
  '_lastCustomerMessageAt'?: "lastCustomerMessageAt";
  '_windowExpiresAt'?: "windowExpiresAt";
  '_handoffSummary'?: "handoffSummary";
  '_lastMessagePreview'?: "lastMessagePreview";
  '_lastMessageDirection'?: "lastMessageDirection";
  '_closedAt'?: "closedAt";
}
