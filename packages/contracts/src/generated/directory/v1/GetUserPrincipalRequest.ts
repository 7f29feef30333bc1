// Original file: directory/v1/directory.proto


export interface GetUserPrincipalRequest {
  'orgId'?: (number);
  'userId'?: (string);
}

export interface GetUserPrincipalRequest__Output {
  'orgId': (number);
  'userId': (string);
}
