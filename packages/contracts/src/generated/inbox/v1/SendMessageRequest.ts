// Original file: inbox/v1/inbox.proto


export interface SendMessageRequest {
  'conversationId'?: (string);
  'type'?: (string);
  'text'?: (string);
  'previewUrl'?: (boolean);
  'interactiveJson'?: (string);
  'replyToMessageId'?: (string);
  'idempotencyKey'?: (string);
  '_text'?: "text";
  '_interactiveJson'?: "interactiveJson";
  '_replyToMessageId'?: "replyToMessageId";
  '_idempotencyKey'?: "idempotencyKey";
}

export interface SendMessageRequest__Output {
  'conversationId': (string);
  'type': (string);
  'text'?: (string);
  'previewUrl': (boolean);
  'interactiveJson'?: (string);
  'replyToMessageId'?: (string);
  'idempotencyKey'?: (string);
  '_text'?: "text";
  '_interactiveJson'?: "interactiveJson";
  '_replyToMessageId'?: "replyToMessageId";
  '_idempotencyKey'?: "idempotencyKey";
}
