// Original file: inbox/v1/inbox.proto


export interface ReactRequest {
  'messageId'?: (string);
  'emoji'?: (string);
  'idempotencyKey'?: (string);
  '_idempotencyKey'?: "idempotencyKey";
}

export interface ReactRequest__Output {
  'messageId': (string);
  'emoji': (string);
  'idempotencyKey'?: (string);
  '_idempotencyKey'?: "idempotencyKey";
}
