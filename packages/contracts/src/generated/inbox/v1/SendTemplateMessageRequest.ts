// Original file: inbox/v1/inbox.proto

import type { TemplateRef as _inbox_v1_TemplateRef, TemplateRef__Output as _inbox_v1_TemplateRef__Output } from '../../inbox/v1/TemplateRef';

export interface SendTemplateMessageRequest {
  'conversationId'?: (string);
  'phone'?: (string);
  'template'?: (_inbox_v1_TemplateRef | null);
  'componentsJson'?: (string);
  'renderedText'?: (string);
  'idempotencyKey'?: (string);
  'replayOnly'?: (boolean);
  'to'?: "conversationId"|"phone";
  '_idempotencyKey'?: "idempotencyKey";
}

export interface SendTemplateMessageRequest__Output {
  'conversationId'?: (string);
  'phone'?: (string);
  'template': (_inbox_v1_TemplateRef__Output | null);
  'componentsJson': (string);
  'renderedText': (string);
  'idempotencyKey'?: (string);
  'replayOnly': (boolean);
  'to'?: "conversationId"|"phone";
  '_idempotencyKey'?: "idempotencyKey";
}
