// Original file: templates/v1/templates.proto

import type { TemplateInput as _templates_v1_TemplateInput, TemplateInput__Output as _templates_v1_TemplateInput__Output } from '../../templates/v1/TemplateInput';

export interface UpdateTemplateRequest {
  'id'?: (string);
  'input'?: (_templates_v1_TemplateInput | null);
}

export interface UpdateTemplateRequest__Output {
  'id': (string);
  'input': (_templates_v1_TemplateInput__Output | null);
}
