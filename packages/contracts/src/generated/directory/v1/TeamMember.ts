// Original file: directory/v1/directory.proto


export interface TeamMember {
  'userId'?: (string);
  'role'?: (string);
  'name'?: (string);
  'email'?: (string);
  'addedAt'?: (string);
}

export interface TeamMember__Output {
  'userId': (string);
  'role': (string);
  'name': (string);
  'email': (string);
  'addedAt': (string);
}
