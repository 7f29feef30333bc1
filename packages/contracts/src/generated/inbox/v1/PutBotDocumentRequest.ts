// Original file: inbox/v1/inbox.proto


export interface PutBotDocumentRequest {
  'json'?: (string);
}

export interface PutBotDocumentRequest__Output {
  'json': (string);
}
