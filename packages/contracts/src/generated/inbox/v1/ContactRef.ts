// Original file: inbox/v1/inbox.proto


export interface ContactRef {
  'waId'?: (string);
  'name'?: (string);
  'alias'?: (string);
  '_name'?: "name";
  '_alias'?: "alias";
}

export interface ContactRef__Output {
  'waId': (string);
  'name'?: (string);
  'alias'?: (string);
  '_name'?: "name";
  '_alias'?: "alias";
}
