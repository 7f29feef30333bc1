// Original file: inbox/v1/inbox.proto


export interface ReopenStatus {
  'canReopen'?: (boolean);
  'reason'?: (string);
  'windowOpen'?: (boolean);
  'windowExpiresAt'?: (string);
  '_reason'?: "reason";
  '_windowExpiresAt'?: "windowExpiresAt";
}

export interface ReopenStatus__Output {
  'canReopen': (boolean);
  'reason'?: (string);
  'windowOpen': (boolean);
  'windowExpiresAt'?: (string);
  '_reason'?: "reason";
  '_windowExpiresAt'?: "windowExpiresAt";
}
