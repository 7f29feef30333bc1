// Original file: campaigns/v1/campaigns.proto

import type { TemplateProviderCost as _campaigns_v1_TemplateProviderCost, TemplateProviderCost__Output as _campaigns_v1_TemplateProviderCost__Output } from '../../campaigns/v1/TemplateProviderCost';

export interface ProviderCosts {
  'currency'?: (string);
  'from'?: (string);
  'to'?: (string);
  'total'?: (number | string);
  'templates'?: (_campaigns_v1_TemplateProviderCost)[];
  'fetchedAt'?: (string);
}

export interface ProviderCosts__Output {
  'currency': (string);
  'from': (string);
  'to': (string);
  'total': (number);
  'templates': (_campaigns_v1_TemplateProviderCost__Output)[];
  'fetchedAt': (string);
}
