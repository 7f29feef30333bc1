// Original file: inbox/v1/inbox.proto


export interface ConversationCounts {
  'all'?: (number);
  'unread'?: (number);
  'needsAction'?: (number);
  'needsActionWindowOpen'?: (number);
}

export interface ConversationCounts__Output {
  'all': (number);
  'unread': (number);
  'needsAction': (number);
  'needsActionWindowOpen': (number);
}
