// Original file: templates/v1/templates.proto

import type { TemplateFilter as _templates_v1_TemplateFilter, TemplateFilter__Output as _templates_v1_TemplateFilter__Output } from '../../templates/v1/TemplateFilter';

export interface BulkTemplatesRequest {
  'action'?: (string);
  'mode'?: (string);
  'ids'?: (string)[];
  'filter'?: (_templates_v1_TemplateFilter | null);
  'folder'?: (string);
  'inboxCategory'?: (string);
  '_folder'?: "folder";
  '_inboxCategory'?: "inboxCategory";
}

export interface BulkTemplatesRequest__Output {
  'action': (string);
  'mode': (string);
  'ids': (string)[];
  'filter': (_templates_v1_TemplateFilter__Output | null);
  'folder'?: (string);
  'inboxCategory'?: (string);
  '_folder'?: "folder";
  '_inboxCategory'?: "inboxCategory";
}
