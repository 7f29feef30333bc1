// Original file: directory/v1/directory.proto

import type { SelectionFilter as _directory_v1_SelectionFilter, SelectionFilter__Output as _directory_v1_SelectionFilter__Output } from '../../directory/v1/SelectionFilter';

export interface BulkRequest {
  'action'?: (string);
  'mode'?: (string);
  'ids'?: (string)[];
  'filter'?: (_directory_v1_SelectionFilter | null);
  '_filter'?: "filter";
}

export interface BulkRequest__Output {
  'action': (string);
  'mode': (string);
  'ids': (string)[];
  'filter'?: (_directory_v1_SelectionFilter__Output | null);
  '_filter'?: "filter";
}
