// Original file: inbox/v1/inbox.proto

import type { Conversation as _inbox_v1_Conversation, Conversation__Output as _inbox_v1_Conversation__Output } from '../../inbox/v1/Conversation';

export interface ConversationPage {
  'data'?: (_inbox_v1_Conversation)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface ConversationPage__Output {
  'data': (_inbox_v1_Conversation__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
