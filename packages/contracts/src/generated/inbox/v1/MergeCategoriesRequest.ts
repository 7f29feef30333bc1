// Original file: inbox/v1/inbox.proto


export interface MergeCategoriesRequest {
  'sources'?: (string)[];
  'target'?: (string);
}

export interface MergeCategoriesRequest__Output {
  'sources': (string)[];
  'target': (string);
}
