import type { DeadLetter, EventHandler, SubscriptionSpec } from './bus';
import { BUS_DEFAULTS, nextConsumerWithRoom, parseEnvelope, unparsedEvent } from './delivery';
import type { ParkedDelivery } from './durable-store';

/** The durable bus's bookkeeping of one consumer and of one queue, in this process. */
export interface Consumer {
  handler: EventHandler;
  prefetch: number;
  maxAttempts: number;
  retryBaseMs: number;
  active: number;
}

export interface ConsumedQueue {
  name: string;
  consumers: Consumer[];
  /** Round-robin cursor over consumers, so competing consumers share the work. */
  cursor: number;
  /** A claim is running; `backlog` set meanwhile makes it claim again. */
  claiming?: Promise<void>;
  /** Rows may be waiting: the last claim came back full, or something was published, retried, replayed. */
  backlog: boolean;
}

export function newConsumer(spec: SubscriptionSpec, handler: EventHandler): Consumer {
  return {
    handler,
    prefetch: Math.max(1, spec.prefetch ?? BUS_DEFAULTS.prefetch),
    maxAttempts: Math.max(1, spec.maxAttempts ?? BUS_DEFAULTS.maxAttempts),
    retryBaseMs: spec.retryBaseMs ?? BUS_DEFAULTS.retryBaseMs,
    active: 0,
  };
}

/** Deliveries the queue's consumers can take now: a claim never asks for more. */
export function roomOf(queue: ConsumedQueue): number {
  return queue.consumers.reduce((sum, c) => sum + c.prefetch - c.active, 0);
}

/** The next consumer with room, round robin; claims never exceed the room, so there is one. */
export function nextConsumer(queue: ConsumedQueue): Consumer {
  const consumer = nextConsumerWithRoom(queue);
  if (!consumer) throw new Error(`no consumer of ${queue.name} has room`);
  return consumer;
}

/** A parked row as the bus interface shows it; a body that is no envelope is kept raw for inspection. */
export function toDeadLetter(row: ParkedDelivery): DeadLetter {
  const event = parseEnvelope(row.body);
  return {
    id: row.id,
    queue: row.queue,
    event: typeof event === 'string' ? unparsedEvent(row.body) : event,
    error: row.error,
    failedAt: new Date(row.parkedAt).toISOString(),
    attempts: row.attempts,
  };
}
