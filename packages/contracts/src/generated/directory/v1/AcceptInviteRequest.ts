// Original file: directory/v1/directory.proto


export interface AcceptInviteRequest {
  'token'?: (string);
  'password'?: (string);
}

export interface AcceptInviteRequest__Output {
  'token': (string);
  'password': (string);
}
