// Original file: directory/v1/directory.proto


export interface UpdateTagRequest {
  'id'?: (string);
  'name'?: (string);
  'color'?: (string);
  'description'?: (string);
  'clear'?: (string)[];
  '_name'?: "name";
  '_color'?: "color";
  '_description'?: "description";
}

export interface UpdateTagRequest__Output {
  'id': (string);
  'name'?: (string);
  'color'?: (string);
  'description'?: (string);
  'clear': (string)[];
  '_name'?: "name";
  '_color'?: "color";
  '_description'?: "description";
}
