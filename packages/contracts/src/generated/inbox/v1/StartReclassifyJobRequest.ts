// Original file: inbox/v1/inbox.proto


export interface StartReclassifyJobRequest {
  'scope'?: (string);
}

export interface StartReclassifyJobRequest__Output {
  'scope': (string);
}
