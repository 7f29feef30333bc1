// Original file: inbox/v1/inbox.proto


export interface UpdateConversationRequest {
  'id'?: (string);
  'status'?: (string);
  'assignedTo'?: (string);
  'teamId'?: (string);
  'category'?: (string);
  'handoffSummary'?: (string);
  'clear'?: (string)[];
  '_status'?: "status";
  '_assignedTo'?: "assignedTo";
  '_teamId'?: "teamId";
  '_category'?: "category";
  '_handoffSummary'?: "handoffSummary";
}

export interface UpdateConversationRequest__Output {
  'id': (string);
  'status'?: (string);
  'assignedTo'?: (string);
  'teamId'?: (string);
  'category'?: (string);
  'handoffSummary'?: (string);
  'clear': (string)[];
  '_status'?: "status";
  '_assignedTo'?: "assignedTo";
  '_teamId'?: "teamId";
  '_category'?: "category";
  '_handoffSummary'?: "handoffSummary";
}
