// Original file: directory/v1/directory.proto


export interface SelectionFilter {
  'search'?: (string);
  'role'?: (string);
  'status'?: (string);
  '_search'?: "search";
  '_role'?: "role";
  '_status'?: "status";
}

export interface SelectionFilter__Output {
  'search'?: (string);
  'role'?: (string);
  'status'?: (string);
  '_search'?: "search";
  '_role'?: "role";
  '_status'?: "status";
}
