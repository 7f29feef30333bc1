// Original file: directory/v1/directory.proto


export interface UpdateApiKeyRequest {
  'id'?: (string);
  'name'?: (string);
  'role'?: (string);
  'expiresAt'?: (string);
  'clearExpiry'?: (boolean);
  'enabled'?: (boolean);
  'clear'?: (string)[];
  '_name'?: "name";
  '_role'?: "role";
  '_expiresAt'?: "expiresAt";
  '_clearExpiry'?: "clearExpiry";
  '_enabled'?: "enabled";
}

export interface UpdateApiKeyRequest__Output {
  'id': (string);
  'name'?: (string);
  'role'?: (string);
  'expiresAt'?: (string);
  'clearExpiry'?: (boolean);
  'enabled'?: (boolean);
  'clear': (string)[];
  '_name'?: "name";
  '_role'?: "role";
  '_expiresAt'?: "expiresAt";
  '_clearExpiry'?: "clearExpiry";
  '_enabled'?: "enabled";
}
