// Original file: campaigns/v1/campaigns.proto


export interface IdRequest {
  'id'?: (string);
}

export interface IdRequest__Output {
  'id': (string);
}
