// Original file: directory/v1/directory.proto


export interface NewAdmin {
  'email'?: (string);
  'name'?: (string);
  'password'?: (string);
}

export interface NewAdmin__Output {
  'email': (string);
  'name': (string);
  'password': (string);
}
