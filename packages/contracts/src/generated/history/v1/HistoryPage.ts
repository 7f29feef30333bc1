// Original file: history/v1/history.proto

import type { HistoryEvent as _history_v1_HistoryEvent, HistoryEvent__Output as _history_v1_HistoryEvent__Output } from '../../history/v1/HistoryEvent';

export interface HistoryPage {
  'events'?: (_history_v1_HistoryEvent)[];
  'next'?: (string);
}

export interface HistoryPage__Output {
  'events': (_history_v1_HistoryEvent__Output)[];
  'next': (string);
}
