// Original file: inbox/v1/inbox.proto


export interface TemplateRef {
  'id'?: (string);
  'name'?: (string);
  'language'?: (string);
  'category'?: (string);
  'inboxCategory'?: (string);
  '_inboxCategory'?: "inboxCategory";
}

export interface TemplateRef__Output {
  'id': (string);
  'name': (string);
  'language': (string);
  'category': (string);
  'inboxCategory'?: (string);
  '_inboxCategory'?: "inboxCategory";
}
