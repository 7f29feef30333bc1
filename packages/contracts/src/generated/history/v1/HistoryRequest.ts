// Original file: history/v1/history.proto


export interface HistoryRequest {
  'before'?: (string);
  'after'?: (string);
  'limit'?: (number);
}

export interface HistoryRequest__Output {
  'before': (string);
  'after': (string);
  'limit': (number);
}
