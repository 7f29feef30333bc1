// Original file: inbox/v1/inbox.proto


export interface AssignRequest {
  'id'?: (string);
  'userId'?: (string);
}

export interface AssignRequest__Output {
  'id': (string);
  'userId': (string);
}
