// Original file: directory/v1/directory.proto


export interface CreateUserRequest {
  'email'?: (string);
  'name'?: (string);
  'role'?: (string);
  '_role'?: "role";
}

export interface CreateUserRequest__Output {
  'email': (string);
  'name': (string);
  'role'?: (string);
  '_role'?: "role";
}
