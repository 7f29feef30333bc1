// Original file: directory/v1/directory.proto


export interface RefreshRequest {
  'refreshToken'?: (string);
}

export interface RefreshRequest__Output {
  'refreshToken': (string);
}
