// Original file: inbox/v1/inbox.proto


export interface CategoryList {
  'data'?: (string)[];
}

export interface CategoryList__Output {
  'data': (string)[];
}
