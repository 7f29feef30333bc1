// Original file: inbox/v1/inbox.proto


export interface ConversationFilter {
  'status'?: (string);
  'assignedTo'?: (string);
  'search'?: (string);
  'searchInMessages'?: (boolean);
  'teamId'?: (string);
  'category'?: (string);
  'origin'?: (string);
  'followUp'?: (boolean);
  'windowExpiresWithin'?: (number);
  'tagIds'?: (string)[];
  'subFilter'?: (string);
  '_status'?: "status";
  '_assignedTo'?: "assignedTo";
  '_search'?: "search";
  '_teamId'?: "teamId";
  '_category'?: "category";
  '_origin'?: "origin";
  '_windowExpiresWithin'?: "windowExpiresWithin";
  '_subFilter'?: "subFilter";
}

export interface ConversationFilter__Output {
  'status'?: (string);
  'assignedTo'?: (string);
  'search'?: (string);
  'searchInMessages': (boolean);
  'teamId'?: (string);
  'category'?: (string);
  'origin'?: (string);
  'followUp': (boolean);
  'windowExpiresWithin'?: (number);
  'tagIds': (string)[];
  'subFilter'?: (string);
  '_status'?: "status";
  '_assignedTo'?: "assignedTo";
  '_search'?: "search";
  '_teamId'?: "teamId";
  '_category'?: "category";
  '_origin'?: "origin";
  '_windowExpiresWithin'?: "windowExpiresWithin";
  '_subFilter'?: "subFilter";
}
