// Original file: inbox/v1/inbox.proto


export interface MessageError {
  'code'?: (number);
  'title'?: (string);
}

export interface MessageError__Output {
  'code': (number);
  'title': (string);
}
