import type { z } from 'zod';
import { REQUEST_ID_METADATA } from '../context';
import type { Db } from '../db/database';
import { newId } from '../ids';
import { appendToOutbox, type OutboxRelay, type OutboxTable } from './outbox';

/** Who an event is recorded for: a caller, or a consumer acting for an organization. */
export interface EventOrigin {
  orgId: number;
  requestId: string;
}

type Schemas = Record<string, z.ZodType>;

/** Writes a service's domain events into its outbox inside the caller's transaction; the relay publishes them. */
export interface EventRecorder<S extends Schemas> {
  record<T extends keyof S & string>(
    tx: Db,
    origin: EventOrigin,
    type: T,
    data: z.infer<S[T]>,
  ): Promise<void>;
  /** Call after the transaction commits: the relay publishes at once instead of at its next poll. */
  flush(): void;
}

export function createEventRecorder<S extends Schemas>(
  schemas: S,
  table: OutboxTable,
  relay: Pick<OutboxRelay, 'nudge'>,
  now: () => Date = () => new Date(),
): EventRecorder<S> {
  return {
    async record(tx, origin, type, data) {
      // A payload that breaks its contract is a bug here, not in a consumer later.
      schemas[type].parse(data);
      await appendToOutbox(tx, table, [
        {
          envelope: {
            id: newId(),
            type,
            orgId: origin.orgId,
            occurredAt: now().toISOString(),
            data: data as Record<string, unknown>,
          },
          headers: { [REQUEST_ID_METADATA]: origin.requestId },
        },
      ]);
    },
    flush: () => relay.nudge(),
  };
}
