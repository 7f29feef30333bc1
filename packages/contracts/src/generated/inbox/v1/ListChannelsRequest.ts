// Original file: inbox/v1/inbox.proto


export interface ListChannelsRequest {
  'cursor'?: (string);
  'limit'?: (number);
  '_cursor'?: "cursor";
}

export interface ListChannelsRequest__Output {
  'cursor'?: (string);
  'limit': (number);
  '_cursor'?: "cursor";
}
