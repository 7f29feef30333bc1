// Original file: directory/v1/directory.proto


export interface ApiKeyUsage {
  'keyId'?: (string);
  'lastUsedAt'?: (string);
}

export interface ApiKeyUsage__Output {
  'keyId': (string);
  'lastUsedAt': (string);
}
