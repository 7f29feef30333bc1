// Original file: directory/v1/directory.proto

import type { ApiKeyUsage as _directory_v1_ApiKeyUsage, ApiKeyUsage__Output as _directory_v1_ApiKeyUsage__Output } from '../../directory/v1/ApiKeyUsage';

export interface RecordApiKeyUsageRequest {
  'usages'?: (_directory_v1_ApiKeyUsage)[];
}

export interface RecordApiKeyUsageRequest__Output {
  'usages': (_directory_v1_ApiKeyUsage__Output)[];
}
