// Original file: templates/v1/templates.proto

import type { TemplateFilter as _templates_v1_TemplateFilter, TemplateFilter__Output as _templates_v1_TemplateFilter__Output } from '../../templates/v1/TemplateFilter';

export interface ListTemplatesRequest {
  'filter'?: (_templates_v1_TemplateFilter | null);
  'cursor'?: (string);
  'limit'?: (number);
  '_cursor'?: "cursor";
}

export interface ListTemplatesRequest__Output {
  'filter': (_templates_v1_TemplateFilter__Output | null);
  'cursor'?: (string);
  'limit': (number);
  '_cursor'?: "cursor";
}
