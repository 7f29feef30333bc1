import type { EventEnvelope } from '@inbox/contracts';

/** An event ready for the broker. Headers carry the request id (`x-request-id`) across services. */
export interface OutgoingEvent {
  envelope: EventEnvelope;
  headers?: Record<string, string>;
}

export interface DeliveryInfo {
  /** 1 on the first delivery; counts redeliveries after a handler failed. */
  attempt: number;
  headers: Record<string, string>;
  queue: string;
}

export type EventHandler = (event: EventEnvelope, info: DeliveryInfo) => Promise<void>;

export interface SubscriptionSpec {
  /** Durable queue name (see QUEUES in @inbox/contracts): one per consuming service and purpose. */
  queue: string;
  /** Routing-key patterns bound to the topic exchange (`directory.user.*.v1`, `#`). */
  bindings: string[];
  /** Unacknowledged messages in flight per consumer. */
  prefetch?: number;
  /** After this many failed attempts a message is parked in the dead-letter queue. */
  maxAttempts?: number;
  /** Delay before the first retry; doubles each attempt. */
  retryBaseMs?: number;
  /**
   * A non-durable, exclusive queue removed when the consumer goes away — for per-process fan-out
   * such as cache invalidation, where every gateway replica must see every event.
   */
  exclusive?: boolean;
}

export interface DeadLetter {
  id: string;
  queue: string;
  event: EventEnvelope;
  error: string;
  failedAt: string;
  attempts: number;
}

/**
 * The event bus: a topic exchange with at-least-once delivery. RabbitMQ in the distributed mode,
 * an in-process implementation with the same semantics in the all-in-one mode and unit tests.
 */
export interface EventBus {
  readonly kind: 'rabbitmq' | 'in-process';
  /** Resolves once the broker has confirmed every event (publisher confirms). */
  publish(events: OutgoingEvent[]): Promise<void>;
  subscribe(spec: SubscriptionSpec, handler: EventHandler): Promise<void>;
  /** Messages parked after exhausting their retries, for inspection. */
  deadLetters(queue: string): Promise<DeadLetter[]>;
  /** Puts parked messages back on their queue (all of them, or those with the given ids). */
  replayDeadLetters(queue: string, ids?: string[]): Promise<number>;
  /** Whether the broker connection is up (readiness). */
  healthy(): boolean;
  /** Stops consuming, waits for in-flight handlers, closes the connection. */
  close(): Promise<void>;
}
