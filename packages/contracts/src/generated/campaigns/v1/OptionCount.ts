// Original file: campaigns/v1/campaigns.proto


export interface OptionCount {
  'option'?: (string);
  'count'?: (number);
}

export interface OptionCount__Output {
  'option': (string);
  'count': (number);
}
