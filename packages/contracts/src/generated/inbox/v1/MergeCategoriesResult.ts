// Original file: inbox/v1/inbox.proto


export interface MergeCategoriesResult {
  'updated'?: (number);
  'target'?: (string);
}

export interface MergeCategoriesResult__Output {
  'updated': (number);
  'target': (string);
}
