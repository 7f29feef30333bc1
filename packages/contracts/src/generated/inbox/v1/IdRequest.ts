// Original file: inbox/v1/inbox.proto


export interface IdRequest {
  'id'?: (string);
}

export interface IdRequest__Output {
  'id': (string);
}
