// Original file: inbox/v1/inbox.proto


export interface Contact {
  'waId'?: (string);
  'name'?: (string);
  'alias'?: (string);
  'notes'?: (string);
  'customFieldsJson'?: (string);
  'category'?: (string);
  'lastConversationId'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  '_name'?: "name";
  '_alias'?: "alias";
  '_notes'?: "notes";
  '_category'?: "category";
  '_lastConversationId'?: "lastConversationId";
}

export interface Contact__Output {
  'waId': (string);
  'name'?: (string);
  'alias'?: (string);
  'notes'?: (string);
  'customFieldsJson': (string);
  'category'?: (string);
  'lastConversationId'?: (string);
  'createdAt': (string);
  'updatedAt': (string);
  '_name'?: "name";
  '_alias'?: "alias";
  '_notes'?: "notes";
  '_category'?: "category";
  '_lastConversationId'?: "lastConversationId";
}
