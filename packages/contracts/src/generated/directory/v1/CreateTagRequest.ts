// Original file: directory/v1/directory.proto


export interface CreateTagRequest {
  'name'?: (string);
  'color'?: (string);
  'description'?: (string);
  '_description'?: "description";
}

export interface CreateTagRequest__Output {
  'name': (string);
  'color': (string);
  'description'?: (string);
  '_description'?: "description";
}
