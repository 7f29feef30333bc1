// Original file: inbox/v1/inbox.proto


export interface ConversationTagRequest {
  'conversationId'?: (string);
  'tagId'?: (string);
}

export interface ConversationTagRequest__Output {
  'conversationId': (string);
  'tagId': (string);
}
