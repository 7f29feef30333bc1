// Original file: directory/v1/directory.proto


export interface UpdateTeamMemberRequest {
  'teamId'?: (string);
  'userId'?: (string);
  'role'?: (string);
}

export interface UpdateTeamMemberRequest__Output {
  'teamId': (string);
  'userId': (string);
  'role': (string);
}
