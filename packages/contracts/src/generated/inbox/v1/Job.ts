// Original file: inbox/v1/inbox.proto

import type { JobResult as _inbox_v1_JobResult, JobResult__Output as _inbox_v1_JobResult__Output } from '../../inbox/v1/JobResult';

export interface Job {
  'id'?: (string);
  'kind'?: (string);
  'status'?: (string);
  'done'?: (number);
  'total'?: (number);
  'result'?: (_inbox_v1_JobResult | null);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'finishedAt'?: (string);
  '_result'?: "result";
  '_finishedAt'?: "finishedAt";
}

export interface Job__Output {
  'id': (string);
  'kind': (string);
  'status': (string);
  'done': (number);
  'total': (number);
  'result'?: (_inbox_v1_JobResult__Output | null);
  'createdAt': (string);
  'updatedAt': (string);
  'finishedAt'?: (string);
  '_result'?: "result";
  '_finishedAt'?: "finishedAt";
}
