// Original file: directory/v1/directory.proto


export interface AuthenticateApiKeyRequest {
  'key'?: (string);
}

export interface AuthenticateApiKeyRequest__Output {
  'key': (string);
}
