// Original file: inbox/v1/inbox.proto

import type { Message as _inbox_v1_Message, Message__Output as _inbox_v1_Message__Output } from '../../inbox/v1/Message';

export interface MessagePage {
  'data'?: (_inbox_v1_Message)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface MessagePage__Output {
  'data': (_inbox_v1_Message__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
