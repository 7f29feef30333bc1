// Original file: inbox/v1/inbox.proto

import type { CategoryCount as _inbox_v1_CategoryCount, CategoryCount__Output as _inbox_v1_CategoryCount__Output } from '../../inbox/v1/CategoryCount';
import type { ConversationSummary as _inbox_v1_ConversationSummary, ConversationSummary__Output as _inbox_v1_ConversationSummary__Output } from '../../inbox/v1/ConversationSummary';

export interface ContactHistory {
  'waId'?: (string);
  'conversationCount'?: (number);
  'messageCount'?: (number);
  'firstContactAt'?: (string);
  'lastContactAt'?: (string);
  'categories'?: (_inbox_v1_CategoryCount)[];
  'conversations'?: (_inbox_v1_ConversationSummary)[];
  '_firstContactAt'?: "firstContactAt";
  '_lastContactAt'?: "lastContactAt";
}

export interface ContactHistory__Output {
  'waId': (string);
  'conversationCount': (number);
  'messageCount': (number);
  'firstContactAt'?: (string);
  'lastContactAt'?: (string);
  'categories': (_inbox_v1_CategoryCount__Output)[];
  'conversations': (_inbox_v1_ConversationSummary__Output)[];
  '_firstContactAt'?: "firstContactAt";
  '_lastContactAt'?: "lastContactAt";
}
