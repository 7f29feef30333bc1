import type { Channel, ChannelModel, ConfirmChannel } from 'amqplib';
import { newId } from '../ids';
import { serviceOf, type Logger } from '../logger';
import { onScrape } from '../metrics/catalog';
import { inTraceOf } from '../tracing/propagation';
import type { DeadLetter, EventBus, EventHandler, OutgoingEvent, SubscriptionSpec } from './bus';
import { BUS_DEFAULTS, describeError } from './delivery';
import { brokerBlocked, watchAlarm, type Alarm } from './rabbitmq-alarm';
import { boundedWait, connectPair, sleep } from './rabbitmq-connections';
import { handleDelivery } from './rabbitmq-consumer';
import { readQueueGauges } from './rabbitmq-gauges';
import type { DeliveryContext, Subscription } from './rabbitmq-consumer';
import { declareSubscriptionQueues } from './migrate-queues-spec';
import { readParked, replayParked } from './rabbitmq-parking';
import {
  CONFIRM_TIMEOUT_MS,
  declareExchanges,
  eventPublishOptions,
  onOwnChannel,
  publishConfirmed,
  retryDelaysMs,
  topologyFor,
  type QueueType,
  type Topology,
} from './rabbitmq-topology';

export interface RabbitMqBusOptions {
  /** How long connect() keeps trying: a starting RabbitMQ refuses connections for up to ~30 s. */
  connectTimeoutMs?: number;
  /** Pause between connection attempts, and the first pause when reconnecting. */
  retryIntervalMs?: number;
  /** Longest pause between reconnection attempts after a lost connection (they back off up to it). */
  reconnectMaxMs?: number;
  /** Shown in the management UI, to tell the services' connections apart. */
  connectionName?: string;
  /** Prefixes every exchange and queue: deployments (or parallel test runs) sharing one broker. */
  namespace?: string;
  /** With a namespace: queues expire after ten unused minutes and exchanges with their last binding (tests). */
  ephemeral?: boolean;
  /** How long publish() waits for the broker's confirms before it fails. */
  confirmTimeoutMs?: number;
  /** AMQP_QUEUE_TYPE: durable queues are quorum queues (default) or classic ones. */
  queueType?: QueueType;
}

/**
 * The event bus over RabbitMQ (amqplib). Retries never block a queue: a failed message is acked
 * after a copy with `x-attempt` + 1 is confirmed on `<queue>.retry.<delay>`, whose TTL sends it
 * back (see rabbitmq-topology.ts); after maxAttempts it goes to `<queue>.dead` instead.
 * Consumers and publishers use separate connections (rabbitmq-connections.ts); losing either (or a
 * channel the broker closed) rebuilds both in the background: exchanges and queues are declared
 * again and every subscription consumes again.
 */
export class RabbitMqBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  /** Consumers' connection. It never publishes, so a broker alarm never blocks it: queues keep draining. */
  private model?: ChannelModel;
  /** Publishers' connection (events, retries, parking, replays): the one a broker alarm blocks. */
  private publishing?: ChannelModel;
  private publisher?: ConfirmChannel;
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  /** Distinguishes this process's exclusive queues from other replicas'. */
  private readonly instanceId = newId().slice(-12);
  private closing = false;
  private reconnectTimer?: NodeJS.Timeout;
  private establishing?: Promise<void>;
  /** The current connection's resource alarm. */
  private alarm?: Alarm;
  private readonly deliveryContext: DeliveryContext;
  /** Removes the scrape hook that reads this bus's queue gauges. */
  private stopGauges?: () => void;

  private constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly options: Required<Omit<RabbitMqBusOptions, 'namespace' | 'ephemeral' | 'queueType'>>,
    private readonly topology: Topology,
  ) {
    this.deliveryContext = {
      logger,
      service: serviceOf(logger),
      publisher: () => this.publisher,
      confirmTimeoutMs: options.confirmTimeoutMs,
    };
  }

  static async connect(url: string, logger: Logger, options: RabbitMqBusOptions = {}): Promise<RabbitMqBus> {
    const bus = new RabbitMqBus(
      url,
      logger,
      {
        connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
        retryIntervalMs: options.retryIntervalMs ?? 250,
        reconnectMaxMs: options.reconnectMaxMs ?? 5_000,
        connectionName: options.connectionName ?? 'inbox',
        confirmTimeoutMs: options.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS,
      },
      topologyFor(options),
    );
    const deadline = Date.now() + bus.options.connectTimeoutMs;
    for (;;) {
      try {
        await bus.establish();
        bus.stopGauges = onScrape(() => bus.readGauges());
        return bus;
      } catch (err) {
        if (Date.now() + bus.options.retryIntervalMs > deadline) throw err;
        logger.debug({ err: describeError(err) }, 'RabbitMQ not reachable yet; retrying');
        await sleep(bus.options.retryIntervalMs);
      }
    }
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    const publisher = this.publisher;
    if (!publisher) throw new Error('RabbitMQ connection is down');
    // Writing now would only pile messages up in the socket, to arrive long after the caller gave up.
    if (this.alarm?.reason !== undefined) throw brokerBlocked(this.alarm);
    await Promise.all(
      events.map(({ envelope, headers }) =>
        // In the trace of the request that recorded the event (the relay publishes after it).
        inTraceOf(headers, () =>
          publishConfirmed(
            publisher,
            this.topology.events,
            envelope.type,
            Buffer.from(JSON.stringify(envelope)),
            eventPublishOptions(envelope, headers),
            this.options.confirmTimeoutMs,
          ),
        ),
      ),
    );
  }

  async subscribe(spec: SubscriptionSpec, handler: EventHandler): Promise<void> {
    if (this.closing) throw new Error('event bus is closed');
    const subscription: Subscription = {
      spec,
      handler,
      queue: this.topology.queuePrefix + (spec.exclusive ? `${spec.queue}.${this.instanceId}` : spec.queue),
      maxAttempts: Math.max(1, spec.maxAttempts ?? BUS_DEFAULTS.maxAttempts),
      retryBaseMs: spec.retryBaseMs ?? BUS_DEFAULTS.retryBaseMs,
    };
    this.subscriptions.push(subscription);
    // A reconnection under way may or may not have seen this subscription yet.
    await this.establishing?.catch(() => undefined);
    const model = this.model;
    if (!model || subscription.consumer) return; // when down, it consumes once the connection is back
    try {
      await this.consume(model, subscription);
    } catch (err) {
      // A queue declared elsewhere with other arguments, say: fail the caller's start-up.
      this.subscriptions.splice(this.subscriptions.indexOf(subscription), 1);
      throw err;
    }
  }

  async deadLetters(queue: string): Promise<DeadLetter[]> {
    return readParked(this.requirePublishing(), queue, this.physicalQueue(queue));
  }

  async replayDeadLetters(queue: string, ids?: string[]): Promise<number> {
    return replayParked(this.requirePublishing(), queue, this.physicalQueue(queue), ids);
  }

  async consumerCount(queue: string): Promise<number | undefined> {
    const model = this.model;
    if (!model) return undefined;
    try {
      return (await onOwnChannel(model, (channel) => channel.checkQueue(this.physicalQueue(queue))))
        .consumerCount;
    } catch {
      return undefined; // the connection dropped meanwhile, or the queue is not declared yet
    }
  }

  healthy(): boolean {
    return !this.closing && this.model !== undefined && this.publisher !== undefined;
  }

  blocked(): boolean {
    return this.alarm?.reason !== undefined;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stopGauges?.();
    clearTimeout(this.reconnectTimer);
    await this.establishing?.catch(() => undefined);
    for (const { consumer } of this.subscriptions) {
      if (consumer) await consumer.channel.cancel(consumer.tag).catch(() => undefined);
    }
    // Handlers still running ack (or retry) on channels that stay open until they are done.
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    const models = [this.model, this.publishing];
    const channels = [...this.subscriptions.map((s) => s.consumer?.channel), this.publisher];
    this.model = undefined;
    this.publishing = undefined;
    this.publisher = undefined;
    // Channels first: their close handshake flushes pending acks, which a connection close could overtake.
    // Bounded, because a half-dead socket never answers (it would only be noticed by heartbeats).
    await boundedWait(async () => {
      for (const channel of channels) await channel?.close().catch(() => undefined);
      for (const model of models) await model?.close().catch(() => undefined);
    }, 5_000);
  }

  /** Depth and parked count of each queue consumed here; exclusive ones are per-replica caches, left out. */
  private async readGauges(): Promise<void> {
    const model = this.model;
    if (!model) return; // down: the gauges keep their last values
    const queues = new Map<string, string>();
    for (const { spec, queue } of this.subscriptions) if (!spec.exclusive) queues.set(spec.queue, queue);
    await readQueueGauges(
      model,
      [...queues].map(([queue, physical]) => ({ queue, physical })),
    );
  }

  private requirePublishing(): ChannelModel {
    if (!this.publishing) throw new Error('RabbitMQ connection is down');
    return this.publishing;
  }

  private physicalQueue(queue: string): string {
    return this.subscriptions.find((s) => s.spec.queue === queue)?.queue ?? this.topology.queuePrefix + queue;
  }

  /**
   * Connects, declares, and (after a reconnection) consumes every subscription again. Losing
   * either connection rebuilds both (see onConnectionLost), which keeps the states few.
   */
  private establish(): Promise<void> {
    const run = async () => {
      const { consuming: model, publishing } = await connectPair(
        this.url,
        this.options.connectionName,
        this.logger,
        (pair) => this.onConnectionLost(pair.consuming),
      );
      try {
        const alarm = watchAlarm(publishing, this.logger);
        const publisher = await publishing.createConfirmChannel();
        this.watch(model, publisher);
        await declareExchanges(publisher, this.topology);
        for (const subscription of this.subscriptions) await this.consume(model, subscription);
        if (this.closing) throw new Error('event bus is closed');
        this.model = model;
        this.publishing = publishing;
        this.publisher = publisher;
        this.alarm = alarm;
      } catch (err) {
        await model.close().catch(() => undefined);
        await publishing.close().catch(() => undefined);
        throw err;
      }
    };
    this.establishing = run().finally(() => (this.establishing = undefined));
    return this.establishing;
  }

  private onConnectionLost(model: ChannelModel): void {
    if (this.model !== model) return; // a half-built connection, or one close() ended
    const publishing = this.publishing;
    this.model = undefined;
    this.publishing = undefined;
    this.publisher = undefined;
    this.alarm = undefined;
    // The survivor of the pair goes too; closing a connection that is already gone only rejects.
    model.close().catch(() => undefined);
    publishing?.close().catch(() => undefined);
    for (const subscription of this.subscriptions) subscription.consumer = undefined;
    if (this.closing) return;
    this.logger.warn('RabbitMQ connection lost; reconnecting');
    this.scheduleReconnect(1);
  }

  private scheduleReconnect(attempt: number): void {
    const delay = Math.min(this.options.retryIntervalMs * 2 ** (attempt - 1), this.options.reconnectMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.establish().then(
        () => this.logger.info({ attempt }, 'RabbitMQ reconnected'),
        (err) => {
          if (this.closing) return;
          this.logger.warn({ err: describeError(err), attempt }, 'RabbitMQ reconnection failed');
          this.scheduleReconnect(attempt + 1);
        },
      );
    }, delay);
  }

  /** A channel the broker closes (a failed operation, a deleted queue) is repaired by rebuilding the connection. */
  private watch(model: ChannelModel, channel: Channel): void {
    channel.on('error', (err) => this.logger.warn({ err: describeError(err) }, 'RabbitMQ channel error'));
    channel.on('close', () => {
      if (!this.closing && this.model === model) model.close().catch(() => undefined);
    });
  }

  private async consume(model: ChannelModel, subscription: Subscription): Promise<void> {
    const { spec } = subscription;
    const channel = await model.createChannel();
    // Errors during declaration reject the call below; until it succeeds the channel is not watched.
    channel.on('error', () => undefined);
    try {
      await declareSubscriptionQueues(
        model,
        {
          queue: subscription.queue,
          bindings: spec.bindings,
          retryDelaysMs: retryDelaysMs(subscription.maxAttempts, subscription.retryBaseMs),
          exclusive: spec.exclusive === true,
        },
        this.topology,
        this.logger,
      );
      await channel.prefetch(Math.max(1, spec.prefetch ?? BUS_DEFAULTS.prefetch));
      const { consumerTag } = await channel.consume(subscription.queue, (message) => {
        if (!message) {
          // The broker cancelled the consumer (its queue was deleted): rebuilding re-declares it.
          if (!this.closing) model.close().catch(() => undefined);
          return;
        }
        const run = handleDelivery(this.deliveryContext, subscription, channel, message).finally(() =>
          this.inFlight.delete(run),
        );
        this.inFlight.add(run);
      });
      subscription.consumer = { channel, tag: consumerTag };
      this.watch(model, channel);
    } catch (err) {
      await channel.close().catch(() => undefined);
      throw err;
    }
  }
}
