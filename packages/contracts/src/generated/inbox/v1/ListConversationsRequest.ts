// Original file: inbox/v1/inbox.proto

import type { ConversationFilter as _inbox_v1_ConversationFilter, ConversationFilter__Output as _inbox_v1_ConversationFilter__Output } from '../../inbox/v1/ConversationFilter';

export interface ListConversationsRequest {
  'filter'?: (_inbox_v1_ConversationFilter | null);
  'cursor'?: (string);
  'limit'?: (number);
  'sort'?: (string);
  '_cursor'?: "cursor";
}

export interface ListConversationsRequest__Output {
  'filter': (_inbox_v1_ConversationFilter__Output | null);
  'cursor'?: (string);
  'limit': (number);
  'sort': (string);
  '_cursor'?: "cursor";
}
