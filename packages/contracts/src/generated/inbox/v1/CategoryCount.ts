// Original file: inbox/v1/inbox.proto


export interface CategoryCount {
  'category'?: (string);
  'count'?: (number);
}

export interface CategoryCount__Output {
  'category': (string);
  'count': (number);
}
