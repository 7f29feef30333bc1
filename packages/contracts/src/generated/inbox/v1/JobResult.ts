// Original file: inbox/v1/inbox.proto


export interface JobResult {
  'matched'?: (number);
  'reclassified'?: (number);
  'rerouted'?: (number);
  'failed'?: (number);
}

export interface JobResult__Output {
  'matched': (number);
  'reclassified': (number);
  'rerouted': (number);
  'failed': (number);
}
