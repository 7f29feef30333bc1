import type { z } from 'zod';
import { REQUEST_ID_METADATA } from '../context';
import type { Db } from '../db/database';
import { newId } from '../ids';
import { traceHeaders } from '../tracing/propagation';
import { appendToOutbox, type OutboxTable } from './outbox';
import type { OutboxRelay } from './outbox-relay';

/** Who an event is recorded for: a caller, or a consumer acting for an organization. */
export interface EventOrigin {
  orgId: number;
  requestId: string;
}

type Schemas = Record<string, z.ZodType>;

/** One event to record: its type picks the schema its data must satisfy. */
export type EventToRecord<S extends Schemas> = {
  [T in keyof S & string]: { origin: EventOrigin; type: T; data: z.infer<S[T]> };
}[keyof S & string];

/** Writes a service's domain events into its outbox inside the caller's transaction; the relay publishes them. */
export interface EventRecorder<S extends Schemas> {
  record<T extends keyof S & string>(
    tx: Db,
    origin: EventOrigin,
    type: T,
    data: z.infer<S[T]>,
  ): Promise<void>;
  /** Several events in one insert (batch consumers write many per transaction). */
  recordAll(tx: Db, events: EventToRecord<S>[]): Promise<void>;
  /** Call after the transaction commits: the relay publishes at once instead of at its next poll. */
  flush(): void;
}

export function createEventRecorder<S extends Schemas>(
  schemas: S,
  table: OutboxTable,
  relay: Pick<OutboxRelay, 'nudge'>,
  now: () => Date = () => new Date(),
): EventRecorder<S> {
  const outgoing = ({ origin, type, data }: EventToRecord<S>) => {
    // A payload that breaks its contract is a bug here, not in a consumer later.
    schemas[type].parse(data);
    return {
      envelope: {
        id: newId(),
        type,
        orgId: origin.orgId,
        occurredAt: now().toISOString(),
        data: data as Record<string, unknown>,
      },
      headers: { [REQUEST_ID_METADATA]: origin.requestId, ...traceHeaders() },
    };
  };
  return {
    async record(tx, origin, type, data) {
      await appendToOutbox(tx, table, [outgoing({ origin, type, data } as EventToRecord<S>)]);
    },
    async recordAll(tx, events) {
      await appendToOutbox(tx, table, events.map(outgoing));
    },
    flush: () => relay.nudge(),
  };
}
