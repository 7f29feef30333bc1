// Original file: directory/v1/directory.proto


export interface Holiday {
  'date'?: (string);
  'name'?: (string);
  '_name'?: "name";
}

export interface Holiday__Output {
  'date': (string);
  'name'?: (string);
  '_name'?: "name";
}
