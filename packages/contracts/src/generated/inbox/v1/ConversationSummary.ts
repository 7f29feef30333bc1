// Original file: inbox/v1/inbox.proto


export interface ConversationSummary {
  'id'?: (string);
  'status'?: (string);
  'category'?: (string);
  'origin'?: (string);
  'assignedTo'?: (string);
  'messageCount'?: (number);
  'createdAt'?: (string);
  'closedAt'?: (string);
  'lastMessageAt'?: (string);
  'current'?: (boolean);
  '_category'?: "category";
  '_assignedTo'?: "assignedTo";
  '_closedAt'?: "closedAt";
  '_lastMessageAt'?: "lastMessageAt";
}

export interface ConversationSummary__Output {
  'id': (string);
  'status': (string);
  'category'?: (string);
  'origin': (string);
  'assignedTo'?: (string);
  'messageCount': (number);
  'createdAt': (string);
  'closedAt'?: (string);
  'lastMessageAt'?: (string);
  'current': (boolean);
  '_category'?: "category";
  '_assignedTo'?: "assignedTo";
  '_closedAt'?: "closedAt";
  '_lastMessageAt'?: "lastMessageAt";
}
