// Original file: directory/v1/directory.proto


export interface Principal {
  'orgId'?: (number);
  'kind'?: (string);
  'id'?: (string);
  'role'?: (string);
  'userId'?: (string);
  'expiresAt'?: (string);
  'sessionsValidAfter'?: (string);
  '_userId'?: "userId";
  '_expiresAt'?: "expiresAt";
  '_sessionsValidAfter'?: "sessionsValidAfter";
}

export interface Principal__Output {
  'orgId': (number);
  'kind': (string);
  'id': (string);
  'role': (string);
  'userId'?: (string);
  'expiresAt'?: (string);
  'sessionsValidAfter'?: (string);
  '_userId'?: "userId";
  '_expiresAt'?: "expiresAt";
  '_sessionsValidAfter'?: "sessionsValidAfter";
}
