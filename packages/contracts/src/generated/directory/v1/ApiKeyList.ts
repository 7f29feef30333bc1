// Original file: directory/v1/directory.proto

import type { ApiKey as _directory_v1_ApiKey, ApiKey__Output as _directory_v1_ApiKey__Output } from '../../directory/v1/ApiKey';

export interface ApiKeyList {
  'data'?: (_directory_v1_ApiKey)[];
}

export interface ApiKeyList__Output {
  'data': (_directory_v1_ApiKey__Output)[];
}
