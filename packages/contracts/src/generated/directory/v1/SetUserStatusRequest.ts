// Original file: directory/v1/directory.proto


export interface SetUserStatusRequest {
  'id'?: (string);
  'status'?: (string);
}

export interface SetUserStatusRequest__Output {
  'id': (string);
  'status': (string);
}
