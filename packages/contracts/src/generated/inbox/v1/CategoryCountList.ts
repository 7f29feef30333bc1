// Original file: inbox/v1/inbox.proto

import type { CategoryCount as _inbox_v1_CategoryCount, CategoryCount__Output as _inbox_v1_CategoryCount__Output } from '../../inbox/v1/CategoryCount';

export interface CategoryCountList {
  'data'?: (_inbox_v1_CategoryCount)[];
}

export interface CategoryCountList__Output {
  'data': (_inbox_v1_CategoryCount__Output)[];
}
