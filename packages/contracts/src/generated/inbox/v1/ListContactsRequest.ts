// Original file: inbox/v1/inbox.proto


export interface ListContactsRequest {
  'search'?: (string);
  'cursor'?: (string);
  'limit'?: (number);
  '_search'?: "search";
  '_cursor'?: "cursor";
}

export interface ListContactsRequest__Output {
  'search'?: (string);
  'cursor'?: (string);
  'limit': (number);
  '_search'?: "search";
  '_cursor'?: "cursor";
}
