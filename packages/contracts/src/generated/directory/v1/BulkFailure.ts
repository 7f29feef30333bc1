// Original file: directory/v1/directory.proto


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
