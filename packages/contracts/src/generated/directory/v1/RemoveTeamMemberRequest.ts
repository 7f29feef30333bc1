// Original file: directory/v1/directory.proto


export interface RemoveTeamMemberRequest {
  'teamId'?: (string);
  'userId'?: (string);
}

export interface RemoveTeamMemberRequest__Output {
  'teamId': (string);
  'userId': (string);
}
