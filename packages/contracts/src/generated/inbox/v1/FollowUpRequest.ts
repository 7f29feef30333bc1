// Original file: inbox/v1/inbox.proto


export interface FollowUpRequest {
  'id'?: (string);
  'note'?: (string);
  '_note'?: "note";
}

export interface FollowUpRequest__Output {
  'id': (string);
  'note'?: (string);
  '_note'?: "note";
}
