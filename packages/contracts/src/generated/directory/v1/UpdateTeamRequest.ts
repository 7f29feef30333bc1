// Original file: directory/v1/directory.proto


export interface UpdateTeamRequest {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'active'?: (boolean);
  'clear'?: (string)[];
  '_name'?: "name";
  '_description'?: "description";
  '_active'?: "active";
}

export interface UpdateTeamRequest__Output {
  'id': (string);
  'name'?: (string);
  'description'?: (string);
  'active'?: (boolean);
  'clear': (string)[];
  '_name'?: "name";
  '_description'?: "description";
  '_active'?: "active";
}
