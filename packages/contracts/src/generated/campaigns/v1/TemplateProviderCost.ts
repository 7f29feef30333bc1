// Original file: campaigns/v1/campaigns.proto

import type { Long } from '@grpc/proto-loader';

export interface TemplateProviderCost {
  'providerTemplateId'?: (string);
  'templateId'?: (string);
  'name'?: (string);
  'language'?: (string);
  'sent'?: (number | string | Long);
  'delivered'?: (number | string | Long);
  'amountSpent'?: (number | string);
  'costPerDelivered'?: (number | string);
  '_templateId'?: "templateId";
  '_name'?: "name";
  '_language'?: "language";
  '_costPerDelivered'?: "costPerDelivered";
}

export interface TemplateProviderCost__Output {
  'providerTemplateId': (string);
  'templateId'?: (string);
  'name'?: (string);
  'language'?: (string);
  'sent': (string);
  'delivered': (string);
  'amountSpent': (number);
  'costPerDelivered'?: (number);
  '_templateId'?: "templateId";
  '_name'?: "name";
  '_language'?: "language";
  '_costPerDelivered'?: "costPerDelivered";
}
