// Original file: inbox/v1/inbox.proto

import type { Conversation as _inbox_v1_Conversation, Conversation__Output as _inbox_v1_Conversation__Output } from '../../inbox/v1/Conversation';

export interface RouteResult {
  'teamId'?: (string);
  'assignedTo'?: (string);
  'rule'?: (string);
  'matchedBy'?: (string);
  'conversation'?: (_inbox_v1_Conversation | null);
  '_teamId'?: "teamId";
  '_assignedTo'?: "assignedTo";
  '_rule'?: "rule";
}

export interface RouteResult__Output {
  'teamId'?: (string);
  'assignedTo'?: (string);
  'rule'?: (string);
  'matchedBy': (string);
  'conversation': (_inbox_v1_Conversation__Output | null);
  '_teamId'?: "teamId";
  '_assignedTo'?: "assignedTo";
  '_rule'?: "rule";
}
