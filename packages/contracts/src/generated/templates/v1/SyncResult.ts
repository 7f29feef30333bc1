// Original file: templates/v1/templates.proto


export interface SyncResult {
  'created'?: (number);
  'updated'?: (number);
  'removed'?: (number);
  'unchanged'?: (number);
  'skipped'?: (number);
}

export interface SyncResult__Output {
  'created': (number);
  'updated': (number);
  'removed': (number);
  'unchanged': (number);
  'skipped': (number);
}
