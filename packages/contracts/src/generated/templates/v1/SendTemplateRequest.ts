// Original file: templates/v1/templates.proto

import type { SendParameters as _templates_v1_SendParameters, SendParameters__Output as _templates_v1_SendParameters__Output } from '../../templates/v1/SendParameters';

export interface SendTemplateRequest {
  'name'?: (string);
  'language'?: (string);
  'conversationId'?: (string);
  'phone'?: (string);
  'parameters'?: (_templates_v1_SendParameters | null);
  'idempotencyKey'?: (string);
  '_language'?: "language";
  'to'?: "conversationId"|"phone";
  '_idempotencyKey'?: "idempotencyKey";
}

export interface SendTemplateRequest__Output {
  'name': (string);
  'language'?: (string);
  'conversationId'?: (string);
  'phone'?: (string);
  'parameters': (_templates_v1_SendParameters__Output | null);
  'idempotencyKey'?: (string);
  '_language'?: "language";
  'to'?: "conversationId"|"phone";
  '_idempotencyKey'?: "idempotencyKey";
}
