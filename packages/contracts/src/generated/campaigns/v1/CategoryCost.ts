// Original file: campaigns/v1/campaigns.proto


export interface CategoryCost {
  'category'?: (string);
  'messages'?: (number);
  'amount'?: (number | string);
}

export interface CategoryCost__Output {
  'category': (string);
  'messages': (number);
  'amount': (number);
}
