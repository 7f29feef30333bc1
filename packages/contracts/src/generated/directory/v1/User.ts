// Original file: directory/v1/directory.proto


export interface User {
  'id'?: (string);
  'email'?: (string);
  'name'?: (string);
  'role'?: (string);
  'status'?: (string);
  'invitationStatus'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'lastLoginAt'?: (string);
  'statusChangedAt'?: (string);
  '_lastLoginAt'?: "lastLoginAt";
  '_statusChangedAt'?: "statusChangedAt";
}

export interface User__Output {
  'id': (string);
  'email': (string);
  'name': (string);
  'role': (string);
  'status': (string);
  'invitationStatus': (string);
  'createdAt': (string);
  'updatedAt': (string);
  'lastLoginAt'?: (string);
  'statusChangedAt'?: (string);
  '_lastLoginAt'?: "lastLoginAt";
  '_statusChangedAt'?: "statusChangedAt";
}
