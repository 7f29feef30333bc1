// Original file: campaigns/v1/campaigns.proto


export interface RecipientInput {
  'phone'?: (string);
  'parametersJson'?: (string);
  '_parametersJson'?: "parametersJson";
}

export interface RecipientInput__Output {
  'phone': (string);
  'parametersJson'?: (string);
  '_parametersJson'?: "parametersJson";
}
