// Original file: inbox/v1/inbox.proto

import type { BulkFailure as _inbox_v1_BulkFailure, BulkFailure__Output as _inbox_v1_BulkFailure__Output } from '../../inbox/v1/BulkFailure';

export interface BulkResult {
  'succeeded'?: (string)[];
  'failed'?: (_inbox_v1_BulkFailure)[];
}

export interface BulkResult__Output {
  'succeeded': (string)[];
  'failed': (_inbox_v1_BulkFailure__Output)[];
}
