// Original file: directory/v1/directory.proto


export interface Tag {
  'id'?: (string);
  'name'?: (string);
  'color'?: (string);
  'description'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  '_description'?: "description";
}

export interface Tag__Output {
  'id': (string);
  'name': (string);
  'color': (string);
  'description'?: (string);
  'createdAt': (string);
  'updatedAt': (string);
  '_description'?: "description";
}
