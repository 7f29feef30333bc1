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
 * The event bus: a topic exchange with at-least-once delivery. RabbitMQ in the distributed mode;
 * in the all-in-one mode a durable bus over the embedded database with the same semantics; an
 * in-memory one for unit tests and per-process (exclusive) subscriptions.
 */
export interface EventBus {
  readonly kind: 'rabbitmq' | 'durable' | 'in-process';
  /** Resolves once the broker has confirmed every event (publisher confirms). */
  publish(events: OutgoingEvent[]): Promise<void>;
  subscribe(spec: SubscriptionSpec, handler: EventHandler): Promise<void>;
  /** Messages parked after exhausting their retries, for inspection. */
  deadLetters(queue: string): Promise<DeadLetter[]>;
  /** Puts parked messages back on their queue (all of them, or those with the given ids). */
  replayDeadLetters(queue: string, ids?: string[]): Promise<number>;
  /** Whether the broker connection is up (readiness). */
  healthy(): boolean;
  /**
   * How many consumers a queue has on the broker: every process consuming it, this one included;
   * undefined when the broker cannot say now. Optional: a bus of one process leaves it out.
   */
  consumerCount?(queue: string): Promise<number | undefined>;
  /**
   * Whether the broker refuses publishers for now (RabbitMQ memory or disk alarm); publish() fails
   * fast meanwhile. Optional: a bus that never blocks leaves it out.
   */
  blocked?(): boolean;
  /** Stops consuming, waits for in-flight handlers, closes the connection. */
  close(): Promise<void>;
}
