// Original file: directory/v1/directory.proto


export interface TagColor {
  'name'?: (string);
  'hex'?: (string);
}

export interface TagColor__Output {
  'name': (string);
  'hex': (string);
}
