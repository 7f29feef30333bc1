// Original file: inbox/v1/inbox.proto


export interface WaIdRequest {
  'waId'?: (string);
}

export interface WaIdRequest__Output {
  'waId': (string);
}
