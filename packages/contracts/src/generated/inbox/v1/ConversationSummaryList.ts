// Original file: inbox/v1/inbox.proto

import type { ConversationSummary as _inbox_v1_ConversationSummary, ConversationSummary__Output as _inbox_v1_ConversationSummary__Output } from '../../inbox/v1/ConversationSummary';

export interface ConversationSummaryList {
  'data'?: (_inbox_v1_ConversationSummary)[];
}

export interface ConversationSummaryList__Output {
  'data': (_inbox_v1_ConversationSummary__Output)[];
}
