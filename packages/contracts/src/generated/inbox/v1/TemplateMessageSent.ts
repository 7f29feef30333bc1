// Original file: inbox/v1/inbox.proto

import type { Message as _inbox_v1_Message, Message__Output as _inbox_v1_Message__Output } from '../../inbox/v1/Message';

export interface TemplateMessageSent {
  'message'?: (_inbox_v1_Message | null);
  'conversationCreated'?: (boolean);
}

export interface TemplateMessageSent__Output {
  'message': (_inbox_v1_Message__Output | null);
  'conversationCreated': (boolean);
}
