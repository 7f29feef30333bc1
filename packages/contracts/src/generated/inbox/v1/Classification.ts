// Original file: inbox/v1/inbox.proto


export interface Classification {
  'category'?: (string);
  'confidence'?: (number | string);
  'source'?: (string);
  'previousCategory'?: (string);
  'engine'?: (string);
  '_category'?: "category";
  '_previousCategory'?: "previousCategory";
}

export interface Classification__Output {
  'category'?: (string);
  'confidence': (number);
  'source': (string);
  'previousCategory'?: (string);
  'engine': (string);
  '_category'?: "category";
  '_previousCategory'?: "previousCategory";
}
