// Original file: inbox/v1/inbox.proto


export interface BulkRequest {
  'action'?: (string);
  'mode'?: (string);
  'ids'?: (string)[];
  'search'?: (string);
  '_search'?: "search";
}

export interface BulkRequest__Output {
  'action': (string);
  'mode': (string);
  'ids': (string)[];
  'search'?: (string);
  '_search'?: "search";
}
