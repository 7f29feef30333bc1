// Original file: templates/v1/templates.proto

import type { BulkFailure as _templates_v1_BulkFailure, BulkFailure__Output as _templates_v1_BulkFailure__Output } from '../../templates/v1/BulkFailure';

export interface BulkResult {
  'succeeded'?: (string)[];
  'failed'?: (_templates_v1_BulkFailure)[];
}

export interface BulkResult__Output {
  'succeeded': (string)[];
  'failed': (_templates_v1_BulkFailure__Output)[];
}
