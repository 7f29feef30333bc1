// Original file: inbox/v1/inbox.proto


export interface UpdateContactRequest {
  'waId'?: (string);
  'name'?: (string);
  'category'?: (string);
  'alias'?: (string);
  'notes'?: (string);
  'customFieldsJson'?: (string);
  'clear'?: (string)[];
  '_name'?: "name";
  '_category'?: "category";
  '_alias'?: "alias";
  '_notes'?: "notes";
  '_customFieldsJson'?: "customFieldsJson";
}

export interface UpdateContactRequest__Output {
  'waId': (string);
  'name'?: (string);
  'category'?: (string);
  'alias'?: (string);
  'notes'?: (string);
  'customFieldsJson'?: (string);
  'clear': (string)[];
  '_name'?: "name";
  '_category'?: "category";
  '_alias'?: "alias";
  '_notes'?: "notes";
  '_customFieldsJson'?: "customFieldsJson";
}
