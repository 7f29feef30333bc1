// Original file: inbox/v1/inbox.proto


export interface ReturnToBotRequest {
  'id'?: (string);
  'handoffSummary'?: (string);
  '_handoffSummary'?: "handoffSummary";
}

export interface ReturnToBotRequest__Output {
  'id': (string);
  'handoffSummary'?: (string);
  '_handoffSummary'?: "handoffSummary";
}
