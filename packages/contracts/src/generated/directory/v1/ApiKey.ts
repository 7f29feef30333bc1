// Original file: directory/v1/directory.proto


export interface ApiKey {
  'id'?: (string);
  'name'?: (string);
  'role'?: (string);
  'prefix'?: (string);
  'enabled'?: (boolean);
  'createdAt'?: (string);
  'lastUsedAt'?: (string);
  'expiresAt'?: (string);
  'createdBy'?: (string);
  'key'?: (string);
  '_lastUsedAt'?: "lastUsedAt";
  '_expiresAt'?: "expiresAt";
  '_createdBy'?: "createdBy";
  '_key'?: "key";
}

export interface ApiKey__Output {
  'id': (string);
  'name': (string);
  'role': (string);
  'prefix': (string);
  'enabled': (boolean);
  'createdAt': (string);
  'lastUsedAt'?: (string);
  'expiresAt'?: (string);
  'createdBy'?: (string);
  'key'?: (string);
  '_lastUsedAt'?: "lastUsedAt";
  '_expiresAt'?: "expiresAt";
  '_createdBy'?: "createdBy";
  '_key'?: "key";
}
