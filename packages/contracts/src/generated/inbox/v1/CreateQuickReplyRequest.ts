// Original file: inbox/v1/inbox.proto


export interface CreateQuickReplyRequest {
  'shortcut'?: (string);
  'label'?: (string);
  'text'?: (string);
  'active'?: (boolean);
  '_active'?: "active";
}

export interface CreateQuickReplyRequest__Output {
  'shortcut': (string);
  'label': (string);
  'text': (string);
  'active'?: (boolean);
  '_active'?: "active";
}
