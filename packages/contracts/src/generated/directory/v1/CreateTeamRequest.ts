// Original file: directory/v1/directory.proto


export interface CreateTeamRequest {
  'name'?: (string);
  'description'?: (string);
  '_description'?: "description";
}

export interface CreateTeamRequest__Output {
  'name': (string);
  'description'?: (string);
  '_description'?: "description";
}
