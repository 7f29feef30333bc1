import type { EventEnvelope } from '@inbox/contracts';
import type { Database } from '../db/database';
import { detachFromTransaction, inTransaction } from '../db/transaction-scope';
import { serviceOf, type Logger } from '../logger';
import { busParked, busQueueDepth, onScrape } from '../metrics/catalog';
import { outsideRequest, runWithRequestId } from '../request-scope';
import { consumeSpan } from '../tracing/propagation';
import type { DeadLetter, EventBus, EventHandler, OutgoingEvent, SubscriptionSpec } from './bus';
import {
  describeError,
  parseEnvelope,
  reportSettled,
  requestIdOf,
  retryDelayMs,
  topicMatches,
  type ConsumeOutcome,
} from './delivery';
import {
  newConsumer,
  nextConsumer,
  roomOf,
  toDeadLetter,
  type ConsumedQueue,
  type Consumer,
} from './durable-queue';
import { DurableStore, type ClaimedDelivery, type NewDelivery } from './durable-store';
import { InProcessBus } from './in-process-bus';

export interface DurableBusOptions {
  /** Fallback scan of every consumed queue; a local publish, a retry or a replay wakes its queue at once. */
  pollMs?: number;
}

/**
 * The event bus of the all-in-one mode, durable in the embedded database: `publish` resolves once
 * the events are committed as one row per bound queue, and a row is deleted only after a handler
 * succeeded, so an accepted webhook or a recorded event survives kill -9. Same semantics as
 * RabbitMQ otherwise: topic bindings (kept in the database too), competing consumers up to their
 * prefetch, retries with backoff that do not block the queue, parking, replay. An attempt is
 * counted when it starts, so one that died with the process counts. `exclusive` subscriptions are
 * per-process caches and stay in memory. One process owns the queues (PGlite allows no other):
 * rows it finds claimed at start-up were in flight when the last one died.
 *
 * No transaction is ever open while a handler runs: handlers share the single PGlite connection.
 */
export class DurableBus implements EventBus {
  readonly kind = 'durable' as const;
  private readonly queues = new Map<string, ConsumedQueue>();
  /** Queue → patterns, as in bus.bindings; the one process that owns the database keeps it current. */
  private readonly bindings = new Map<string, Set<string>>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly poller: NodeJS.Timeout;
  private acks: string[] = [];
  private acking?: Promise<void>;
  private closed = false;
  /** The `service` label of the consumption metrics. */
  private readonly service: string;
  private readonly stopGauges: () => void;

  private constructor(
    private readonly store: DurableStore,
    private readonly memory: InProcessBus,
    private readonly logger: Logger,
    pollMs: number,
  ) {
    this.poller = setInterval(() => {
      for (const queue of this.queues.values()) this.wake(queue);
    }, pollMs);
    this.poller.unref();
    this.service = serviceOf(logger);
    this.stopGauges = onScrape(() => this.readGauges());
  }

  static async open(
    database: Database,
    logger: Logger,
    options: DurableBusOptions = {},
  ): Promise<DurableBus> {
    const store = new DurableStore(database.db);
    await store.createSchema();
    const released = await store.releaseAll();
    if (released > 0)
      logger.warn({ released }, 'events in flight when the process stopped are delivered again');
    const bus = new DurableBus(store, new InProcessBus(logger), logger, options.pollMs ?? 1_000);
    for (const { queue, pattern } of await store.bindings()) bus.patternsOf(queue).add(pattern);
    return bus;
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    // The insert needs the connection the transaction holds (PGlite has one): it would wait forever.
    // Events of a transaction go to its outbox; the relay publishes them after the commit.
    if (inTransaction()) throw new Error('DurableBus.publish called inside a database transaction');
    const rows: NewDelivery[] = [];
    for (const { envelope, headers } of events) {
      const body = JSON.stringify(envelope);
      for (const [queue, patterns] of this.bindings) {
        if ([...patterns].some((pattern) => topicMatches(pattern, envelope.type)))
          rows.push({ queue, body, headers: { ...headers } });
      }
    }
    await this.store.insert(rows);
    for (const queue of new Set(rows.map((row) => row.queue))) {
      const consumed = this.queues.get(queue);
      if (consumed) this.wake(consumed);
    }
    await this.memory.publish(events);
  }

  async subscribe(spec: SubscriptionSpec, handler: EventHandler): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    if (spec.exclusive) return this.memory.subscribe(spec, handler);
    await this.store.bind(spec.queue, spec.bindings);
    for (const pattern of spec.bindings) this.patternsOf(spec.queue).add(pattern);
    let queue = this.queues.get(spec.queue);
    if (!queue) {
      queue = { name: spec.queue, consumers: [], cursor: 0, backlog: true };
      this.queues.set(spec.queue, queue);
    }
    queue.consumers.push(newConsumer(spec, handler));
    this.wake(queue);
  }

  async deadLetters(queue: string): Promise<DeadLetter[]> {
    const parked = (await this.store.parked(queue)).map(toDeadLetter);
    return [...parked, ...(await this.memory.deadLetters(queue))];
  }

  async replayDeadLetters(queue: string, ids?: string[]): Promise<number> {
    const replayed = await this.store.unpark(queue, ids, new Date());
    const consumed = this.queues.get(queue);
    if (replayed > 0 && consumed) this.wake(consumed);
    return replayed + (await this.memory.replayDeadLetters(queue, ids));
  }

  healthy(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopGauges();
    clearInterval(this.poller);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.claiming));
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.flushAcks();
    await this.memory.close();
  }

  private patternsOf(queue: string): Set<string> {
    let patterns = this.bindings.get(queue);
    if (!patterns) {
      patterns = new Set();
      this.bindings.set(queue, patterns);
    }
    return patterns;
  }

  /** Claims what the queue's consumers have room for, unless a claim is already running. */
  private wake(queue: ConsumedQueue): void {
    queue.backlog = true;
    if (this.closed || queue.claiming) return;
    // Handlers are independent work, whatever transaction or request woke their queue.
    queue.claiming = outsideRequest(() => detachFromTransaction(() => this.claim(queue))).finally(
      () => (queue.claiming = undefined),
    );
  }

  private async claim(queue: ConsumedQueue): Promise<void> {
    try {
      while (!this.closed && queue.backlog) {
        const room = roomOf(queue);
        if (room <= 0) return; // a finishing handler wakes the queue again
        queue.backlog = false;
        const rows = await this.store.claim(queue.name, room, new Date());
        if (this.closed) {
          await this.store.unclaim(rows.map((row) => row.id));
          return;
        }
        for (const row of rows) this.dispatch(queue, row);
        if (rows.length === room) queue.backlog = true;
      }
    } catch (err) {
      // The database is busy or closing: the poll tries again.
      this.logger.warn({ queue: queue.name, err }, 'could not claim events; retrying at the next poll');
    }
  }

  private dispatch(queue: ConsumedQueue, row: ClaimedDelivery): void {
    const consumer = nextConsumer(queue);
    consumer.active++;
    const run = this.deliver(queue, consumer, row).finally(() => {
      consumer.active--;
      this.inFlight.delete(run);
      if (queue.backlog) this.wake(queue);
    });
    this.inFlight.add(run);
  }

  /** One delivery, as part of the request that published it (its `x-request-id`) and in its trace. */
  private deliver(queue: ConsumedQueue, consumer: Consumer, row: ClaimedDelivery): Promise<void> {
    // The span first: entering the request scope tags the active span with the request id.
    return consumeSpan(queue.name, row.headers, () =>
      runWithRequestId(requestIdOf(row.headers, `delivery-${row.id}`), () =>
        this.settle(queue, consumer, row),
      ),
    );
  }

  private async settle(queue: ConsumedQueue, consumer: Consumer, row: ClaimedDelivery): Promise<void> {
    const startedAt = performance.now();
    const event = parseEnvelope(row.body);
    const settled = (outcome: ConsumeOutcome, handled?: EventEnvelope) =>
      reportSettled(this.logger, this.service, {
        queue: queue.name,
        outcome,
        attempt: row.attempts,
        startedAt,
        event: handled,
      });
    try {
      if (typeof event === 'string') {
        this.logger.error({ queue: queue.name, error: event }, 'poison message parked');
        await this.store.park(row.id, event, 0);
        return settled('parked');
      }
      if (row.attempts > consumer.maxAttempts) {
        this.logger.error({ queue: queue.name, eventId: event.id }, 'event in flight at every crash; parked');
        await this.store.park(row.id, 'the process stopped during every attempt', row.attempts - 1);
        return settled('parked', event);
      }
      try {
        await consumer.handler(event, {
          attempt: row.attempts,
          headers: { ...row.headers },
          queue: queue.name,
        });
      } catch (err) {
        return settled(await this.failed(queue, consumer, row, event.id, err), event);
      }
      this.ack(row.id);
      settled('acked', event);
    } catch (err) {
      // Settling failed (the database is closing): the row stays claimed until the next start.
      this.logger.error(
        { queue: queue.name, err },
        'could not settle an event; it is delivered again at restart',
      );
    }
  }

  private async failed(
    queue: ConsumedQueue,
    consumer: Consumer,
    row: ClaimedDelivery,
    eventId: string,
    err: unknown,
  ): Promise<ConsumeOutcome> {
    if (row.attempts >= consumer.maxAttempts) {
      this.logger.error({ queue: queue.name, eventId, err }, 'event handler failed; parked');
      await this.store.park(row.id, describeError(err), row.attempts);
      return 'parked';
    }
    const delay = retryDelayMs(row.attempts, consumer.retryBaseMs);
    this.logger.warn(
      { queue: queue.name, eventId, attempt: row.attempts, delay, err },
      'event handler failed; retrying',
    );
    // The row leaves the claimable set until then, so the messages behind it keep flowing.
    await this.store.retryAt(row.id, new Date(Date.now() + delay));
    if (this.closed) return 'retried';
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake(queue);
    }, delay);
    this.retryTimers.add(timer);
    return 'retried';
  }

  /** Ready and parked deliveries of each queue consumed here (a count in the database, at scrape time). */
  private async readGauges(): Promise<void> {
    const names = [...this.queues.keys()];
    const counts = new Map((await this.store.depths(names)).map((row) => [row.queue, row]));
    for (const queue of names) {
      busQueueDepth.set({ queue }, counts.get(queue)?.ready ?? 0);
      busParked.set({ queue }, counts.get(queue)?.parked ?? 0);
    }
  }

  /** Deletes of handled rows are batched per turn of the event loop; a crash before one redelivers (at least once). */
  private ack(id: string): void {
    this.acks.push(id);
    this.acking ??= new Promise((resolve) => setImmediate(resolve)).then(() => {
      this.acking = undefined;
      return this.flushAcks();
    });
  }

  private async flushAcks(): Promise<void> {
    await this.acking;
    const ids = this.acks.splice(0);
    await this.store.remove(ids).catch((err: unknown) => {
      this.logger.error({ err, count: ids.length }, 'could not mark events done; they are delivered again');
    });
  }
}
