// Original file: inbox/v1/inbox.proto


export interface ListMessagesRequest {
  'conversationId'?: (string);
  'cursor'?: (string);
  'limit'?: (number);
  '_cursor'?: "cursor";
}

export interface ListMessagesRequest__Output {
  'conversationId': (string);
  'cursor'?: (string);
  'limit': (number);
  '_cursor'?: "cursor";
}
