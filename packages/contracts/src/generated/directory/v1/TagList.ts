// Original file: directory/v1/directory.proto

import type { Tag as _directory_v1_Tag, Tag__Output as _directory_v1_Tag__Output } from '../../directory/v1/Tag';

export interface TagList {
  'data'?: (_directory_v1_Tag)[];
}

export interface TagList__Output {
  'data': (_directory_v1_Tag__Output)[];
}
