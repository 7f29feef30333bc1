// Original file: directory/v1/directory.proto


export interface AddTeamMemberRequest {
  'teamId'?: (string);
  'userId'?: (string);
  'role'?: (string);
  '_role'?: "role";
}

export interface AddTeamMemberRequest__Output {
  'teamId': (string);
  'userId': (string);
  'role'?: (string);
  '_role'?: "role";
}
