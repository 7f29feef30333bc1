// Original file: inbox/v1/inbox.proto


export interface ListQuickRepliesRequest {
  'includeInactive'?: (boolean);
}

export interface ListQuickRepliesRequest__Output {
  'includeInactive': (boolean);
}
