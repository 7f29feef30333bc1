// Original file: inbox/v1/inbox.proto


export interface UpdateQuickReplyRequest {
  'id'?: (string);
  'shortcut'?: (string);
  'label'?: (string);
  'text'?: (string);
  'active'?: (boolean);
  '_shortcut'?: "shortcut";
  '_label'?: "label";
  '_text'?: "text";
  '_active'?: "active";
}

export interface UpdateQuickReplyRequest__Output {
  'id': (string);
  'shortcut'?: (string);
  'label'?: (string);
  'text'?: (string);
  'active'?: (boolean);
  '_shortcut'?: "shortcut";
  '_label'?: "label";
  '_text'?: "text";
  '_active'?: "active";
}
