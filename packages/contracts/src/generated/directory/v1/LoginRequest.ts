// Original file: directory/v1/directory.proto


export interface LoginRequest {
  'clientId'?: (number);
  'email'?: (string);
  'password'?: (string);
}

export interface LoginRequest__Output {
  'clientId': (number);
  'email': (string);
  'password': (string);
}
