import { directoryEventSchemas, type DirectoryEventData, type DirectoryEventType } from '@inbox/contracts';
import {
  appendToOutbox,
  newId,
  REQUEST_ID_METADATA,
  type CallerContext,
  type Db,
  type OutboxRelay,
} from '@inbox/platform';
import { outbox } from './db/schema';

/** Writes domain events into the outbox inside the caller's transaction; the relay publishes them. */
export interface EventRecorder {
  record<T extends DirectoryEventType>(
    tx: Db,
    caller: CallerContext,
    type: T,
    data: DirectoryEventData<T>,
  ): Promise<void>;
  /** Call after the transaction commits: the relay publishes at once instead of at its next poll. */
  flush(): void;
}

export function createEventRecorder(relay: Pick<OutboxRelay, 'nudge'>, now: () => Date): EventRecorder {
  return {
    async record(tx, caller, type, data) {
      // A payload that breaks its contract is a bug here, not in a consumer later.
      directoryEventSchemas[type].parse(data);
      await appendToOutbox(tx, outbox, [
        {
          envelope: { id: newId(), type, orgId: caller.orgId, occurredAt: now().toISOString(), data },
          headers: { [REQUEST_ID_METADATA]: caller.requestId },
        },
      ]);
    },
    flush: () => relay.nudge(),
  };
}
