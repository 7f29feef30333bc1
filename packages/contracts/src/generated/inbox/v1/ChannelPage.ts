// Original file: inbox/v1/inbox.proto

import type { ChannelSummary as _inbox_v1_ChannelSummary, ChannelSummary__Output as _inbox_v1_ChannelSummary__Output } from '../../inbox/v1/ChannelSummary';

export interface ChannelPage {
  'data'?: (_inbox_v1_ChannelSummary)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface ChannelPage__Output {
  'data': (_inbox_v1_ChannelSummary__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
