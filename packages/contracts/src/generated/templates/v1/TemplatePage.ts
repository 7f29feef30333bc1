// Original file: templates/v1/templates.proto

import type { Template as _templates_v1_Template, Template__Output as _templates_v1_Template__Output } from '../../templates/v1/Template';

export interface TemplatePage {
  'data'?: (_templates_v1_Template)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface TemplatePage__Output {
  'data': (_templates_v1_Template__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
