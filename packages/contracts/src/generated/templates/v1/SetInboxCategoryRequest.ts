// Original file: templates/v1/templates.proto


export interface SetInboxCategoryRequest {
  'id'?: (string);
  'inboxCategory'?: (string);
  '_inboxCategory'?: "inboxCategory";
}

export interface SetInboxCategoryRequest__Output {
  'id': (string);
  'inboxCategory'?: (string);
  '_inboxCategory'?: "inboxCategory";
}
