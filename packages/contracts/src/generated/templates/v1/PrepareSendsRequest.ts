// Original file: templates/v1/templates.proto

import type { SendParameters as _templates_v1_SendParameters, SendParameters__Output as _templates_v1_SendParameters__Output } from '../../templates/v1/SendParameters';

export interface PrepareSendsRequest {
  'templateId'?: (string);
  'language'?: (string);
  'parameters'?: (_templates_v1_SendParameters)[];
  '_language'?: "language";
}

export interface PrepareSendsRequest__Output {
  'templateId': (string);
  'language'?: (string);
  'parameters': (_templates_v1_SendParameters__Output)[];
  '_language'?: "language";
}
