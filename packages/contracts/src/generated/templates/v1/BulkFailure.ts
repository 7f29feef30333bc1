// Original file: templates/v1/templates.proto


export interface BulkFailure {
  'id'?: (string);
  'code'?: (string);
  'message'?: (string);
}

export interface BulkFailure__Output {
  'id': (string);
  'code': (string);
  'message': (string);
}
