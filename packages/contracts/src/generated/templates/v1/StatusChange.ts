// Original file: templates/v1/templates.proto


export interface StatusChange {
  'from'?: (string);
  'to'?: (string);
  'event'?: (string);
  'reason'?: (string);
  'by'?: (string);
  'at'?: (string);
  '_from'?: "from";
  '_reason'?: "reason";
}

export interface StatusChange__Output {
  'from'?: (string);
  'to': (string);
  'event': (string);
  'reason'?: (string);
  'by': (string);
  'at': (string);
  '_from'?: "from";
  '_reason'?: "reason";
}
