// Original file: directory/v1/directory.proto

import type { TagColor as _directory_v1_TagColor, TagColor__Output as _directory_v1_TagColor__Output } from '../../directory/v1/TagColor';

export interface TagColorList {
  'data'?: (_directory_v1_TagColor)[];
}

export interface TagColorList__Output {
  'data': (_directory_v1_TagColor__Output)[];
}
