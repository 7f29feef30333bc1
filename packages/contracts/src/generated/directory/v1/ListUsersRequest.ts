// Original file: directory/v1/directory.proto


export interface ListUsersRequest {
  'search'?: (string);
  'role'?: (string);
  'status'?: (string);
  '_search'?: "search";
  '_role'?: "role";
  '_status'?: "status";
}

export interface ListUsersRequest__Output {
  'search'?: (string);
  'role'?: (string);
  'status'?: (string);
  '_search'?: "search";
  '_role'?: "role";
  '_status'?: "status";
}
