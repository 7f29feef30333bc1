// Original file: directory/v1/directory.proto

import type { BulkFailure as _directory_v1_BulkFailure, BulkFailure__Output as _directory_v1_BulkFailure__Output } from '../../directory/v1/BulkFailure';

export interface BulkResult {
  'succeeded'?: (string)[];
  'failed'?: (_directory_v1_BulkFailure)[];
}

export interface BulkResult__Output {
  'succeeded': (string)[];
  'failed': (_directory_v1_BulkFailure__Output)[];
}
