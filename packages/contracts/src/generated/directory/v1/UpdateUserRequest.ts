// Original file: directory/v1/directory.proto


export interface UpdateUserRequest {
  'id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'role'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_role'?: "role";
}

export interface UpdateUserRequest__Output {
  'id': (string);
  'name'?: (string);
  'email'?: (string);
  'role'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_role'?: "role";
}
