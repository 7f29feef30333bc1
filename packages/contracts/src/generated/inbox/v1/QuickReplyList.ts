// Original file: inbox/v1/inbox.proto

import type { QuickReply as _inbox_v1_QuickReply, QuickReply__Output as _inbox_v1_QuickReply__Output } from '../../inbox/v1/QuickReply';

export interface QuickReplyList {
  'data'?: (_inbox_v1_QuickReply)[];
}

export interface QuickReplyList__Output {
  'data': (_inbox_v1_QuickReply__Output)[];
}
