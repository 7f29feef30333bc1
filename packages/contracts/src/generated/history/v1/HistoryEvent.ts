// Original file: history/v1/history.proto


export interface HistoryEvent {
  'id'?: (string);
  'type'?: (string);
  'orgId'?: (number);
  'occurredAt'?: (string);
  'dataJson'?: (string);
}

export interface HistoryEvent__Output {
  'id': (string);
  'type': (string);
  'orgId': (number);
  'occurredAt': (string);
  'dataJson': (string);
}
