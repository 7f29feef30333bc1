// Original file: templates/v1/templates.proto

import type { Template as _templates_v1_Template, Template__Output as _templates_v1_Template__Output } from '../../templates/v1/Template';
import type { PreparedSend as _templates_v1_PreparedSend, PreparedSend__Output as _templates_v1_PreparedSend__Output } from '../../templates/v1/PreparedSend';

export interface PreparedSends {
  'template'?: (_templates_v1_Template | null);
  'sends'?: (_templates_v1_PreparedSend)[];
}

export interface PreparedSends__Output {
  'template': (_templates_v1_Template__Output | null);
  'sends': (_templates_v1_PreparedSend__Output)[];
}
