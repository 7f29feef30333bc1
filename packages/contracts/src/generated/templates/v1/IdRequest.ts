// Original file: templates/v1/templates.proto


export interface IdRequest {
  'id'?: (string);
}

export interface IdRequest__Output {
  'id': (string);
}
