import type { EventEnvelope } from '@inbox/contracts';
import { detachFromTransaction } from '../db/transaction-scope';
import { newId } from '../ids';
import { serviceOf, type Logger } from '../logger';
import { runWithRequestId } from '../request-scope';
import type { DeadLetter, EventBus, EventHandler, OutgoingEvent, SubscriptionSpec } from './bus';
import {
  BUS_DEFAULTS,
  describeError,
  nextConsumerWithRoom,
  parseEnvelope,
  reportSettled,
  requestIdOf,
  retryDelayMs,
  topicMatches,
  unparsedEvent,
  type ConsumeOutcome,
} from './delivery';

interface Delivery {
  /** The serialized envelope: every queue parses its own copy, as it would from a broker. */
  body: string;
  headers: Record<string, string>;
  attempt: number;
}

interface Consumer {
  handler: EventHandler;
  prefetch: number;
  maxAttempts: number;
  retryBaseMs: number;
  active: number;
}

interface Queue {
  name: string;
  patterns: Set<string>;
  consumers: Consumer[];
  ready: Delivery[];
  /** Parked messages with what is needed to replay them as they were. */
  dead: Array<{ letter: DeadLetter; delivery: Delivery }>;
  /** Round-robin cursor over consumers, so competing consumers share the work. */
  cursor: number;
}

/**
 * An event bus in memory, with RabbitMQ's semantics: a topic exchange, one FIFO queue per queue
 * name shared by its consumers, asynchronous at-least-once delivery, retries with exponential
 * backoff that do not block the queue, then parking. Nothing survives the process, so it serves
 * only unit tests and the durable bus's `exclusive` subscriptions (per-process caches); the
 * all-in-one mode runs the DurableBus. `exclusive` makes no difference here: one process.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly pumpScheduled = new Set<Queue>();
  private closed = false;
  /** The `service` label of the consumption metrics. */
  private readonly service: string;

  constructor(private readonly logger: Logger) {
    this.service = serviceOf(logger);
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    for (const { envelope, headers } of events) {
      const body = JSON.stringify(envelope);
      for (const queue of this.queues.values()) {
        if (![...queue.patterns].some((pattern) => topicMatches(pattern, envelope.type))) continue;
        queue.ready.push({ body, headers: { ...headers }, attempt: 1 });
        this.schedulePump(queue);
      }
    }
  }

  async subscribe(spec: SubscriptionSpec, handler: EventHandler): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const queue = this.queue(spec.queue);
    for (const binding of spec.bindings) queue.patterns.add(binding);
    queue.consumers.push({
      handler,
      prefetch: Math.max(1, spec.prefetch ?? BUS_DEFAULTS.prefetch),
      maxAttempts: Math.max(1, spec.maxAttempts ?? BUS_DEFAULTS.maxAttempts),
      retryBaseMs: spec.retryBaseMs ?? BUS_DEFAULTS.retryBaseMs,
      active: 0,
    });
    this.schedulePump(queue);
  }

  async deadLetters(queue: string): Promise<DeadLetter[]> {
    return (this.queues.get(queue)?.dead ?? []).map(({ letter }) => ({ ...letter }));
  }

  async replayDeadLetters(queueName: string, ids?: string[]): Promise<number> {
    const queue = this.queues.get(queueName);
    if (!queue) return 0;
    const wanted = ids ? new Set(ids) : undefined;
    const replayed = queue.dead.filter(({ letter }) => !wanted || wanted.has(letter.id));
    queue.dead = queue.dead.filter((parked) => !replayed.includes(parked));
    for (const { delivery } of replayed) queue.ready.push({ ...delivery, attempt: 1 });
    if (replayed.length > 0) this.schedulePump(queue);
    return replayed.length;
  }

  healthy(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { name, patterns: new Set(), consumers: [], ready: [], dead: [], cursor: 0 };
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Deliveries start on a later turn of the event loop: publish never runs a handler itself. */
  private schedulePump(queue: Queue): void {
    if (this.pumpScheduled.has(queue)) return;
    this.pumpScheduled.add(queue);
    // Handlers are independent work: a publish from inside a transaction must not lend them its scope.
    detachFromTransaction(() =>
      setImmediate(() => {
        this.pumpScheduled.delete(queue);
        this.pump(queue);
      }),
    );
  }

  private pump(queue: Queue): void {
    while (!this.closed && queue.ready.length > 0) {
      const consumer = nextConsumerWithRoom(queue);
      if (!consumer) return; // every consumer is at its prefetch; a finishing handler pumps again
      const delivery = queue.ready.shift() as Delivery;
      const event = parseEnvelope(delivery.body);
      if (typeof event === 'string') {
        this.park(queue, delivery, unparsedEvent(delivery.body), event, 0);
        reportSettled(this.logger, this.service, {
          queue: queue.name,
          outcome: 'parked',
          attempt: delivery.attempt,
          startedAt: performance.now(),
        });
        continue;
      }
      consumer.active++;
      // As part of the request that published the event, like a broker's delivery.
      const requestId = requestIdOf(delivery.headers, event.id);
      const run = runWithRequestId(requestId, () => this.deliver(queue, consumer, delivery, event)).finally(
        () => {
          consumer.active--;
          this.inFlight.delete(run);
          this.schedulePump(queue);
        },
      );
      this.inFlight.add(run);
    }
  }

  private async deliver(
    queue: Queue,
    consumer: Consumer,
    delivery: Delivery,
    event: EventEnvelope,
  ): Promise<void> {
    const startedAt = performance.now();
    const consumed = (outcome: ConsumeOutcome) =>
      reportSettled(this.logger, this.service, {
        queue: queue.name,
        outcome,
        attempt: delivery.attempt,
        startedAt,
        event,
      });
    try {
      await consumer.handler(event, {
        attempt: delivery.attempt,
        headers: { ...delivery.headers },
        queue: queue.name,
      });
      consumed('acked');
    } catch (err) {
      const error = describeError(err);
      if (delivery.attempt >= consumer.maxAttempts) {
        this.logger.error(
          { queue: queue.name, eventId: event.id, type: event.type, err },
          'event handler failed; parked',
        );
        this.park(queue, delivery, event, error, delivery.attempt);
        consumed('parked');
        return;
      }
      const delay = retryDelayMs(delivery.attempt, consumer.retryBaseMs);
      this.logger.warn(
        { queue: queue.name, eventId: event.id, attempt: delivery.attempt, delay, err },
        'event handler failed; retrying',
      );
      // The message leaves the queue while it waits, so the messages behind it keep flowing.
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        queue.ready.push({ ...delivery, attempt: delivery.attempt + 1 });
        this.schedulePump(queue);
      }, delay);
      this.retryTimers.add(timer);
      consumed('retried');
    }
  }

  private park(
    queue: Queue,
    delivery: Delivery,
    event: EventEnvelope,
    error: string,
    attempts: number,
  ): void {
    const letter = {
      id: newId(),
      queue: queue.name,
      event,
      error,
      failedAt: new Date().toISOString(),
      attempts,
    };
    queue.dead.push({ letter, delivery });
  }
}
