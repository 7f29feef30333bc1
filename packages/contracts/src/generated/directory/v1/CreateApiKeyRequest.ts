// Original file: directory/v1/directory.proto


export interface CreateApiKeyRequest {
  'name'?: (string);
  'role'?: (string);
  'expiresAt'?: (string);
  '_role'?: "role";
  '_expiresAt'?: "expiresAt";
}

export interface CreateApiKeyRequest__Output {
  'name': (string);
  'role'?: (string);
  'expiresAt'?: (string);
  '_role'?: "role";
  '_expiresAt'?: "expiresAt";
}
