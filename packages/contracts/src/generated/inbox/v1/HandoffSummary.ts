// Original file: inbox/v1/inbox.proto


export interface HandoffSummary {
  'summary'?: (string);
  'source'?: (string);
  'generatedAt'?: (string);
}

export interface HandoffSummary__Output {
  'summary': (string);
  'source': (string);
  'generatedAt': (string);
}
