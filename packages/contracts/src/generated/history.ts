import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { HistoryEvent as _history_v1_HistoryEvent, HistoryEvent__Output as _history_v1_HistoryEvent__Output } from './history/v1/HistoryEvent';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from './history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from './history/v1/HistoryRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  history: {
    v1: {
      HistoryEvent: MessageTypeDefinition<_history_v1_HistoryEvent, _history_v1_HistoryEvent__Output>
      HistoryPage: MessageTypeDefinition<_history_v1_HistoryPage, _history_v1_HistoryPage__Output>
      HistoryRequest: MessageTypeDefinition<_history_v1_HistoryRequest, _history_v1_HistoryRequest__Output>
    }
  }
}

