// Original file: directory/v1/directory.proto


export interface Organization {
  'clientId'?: (number);
  'name'?: (string);
  'adminUserId'?: (string);
}

export interface Organization__Output {
  'clientId': (number);
  'name': (string);
  'adminUserId': (string);
}
