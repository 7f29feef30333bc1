// Original file: directory/v1/directory.proto


export interface ResetPasswordRequest {
  'token'?: (string);
  'password'?: (string);
}

export interface ResetPasswordRequest__Output {
  'token': (string);
  'password': (string);
}
