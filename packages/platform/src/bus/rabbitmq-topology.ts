import { EXCHANGES, type EventEnvelope } from '@inbox/contracts';
import { retryDelayMs } from './delivery';
import type { Channel, ChannelModel, ConfirmChannel, GetMessage, Options } from 'amqplib';

/**
 * Broker layout (names are part of the contract: see EXCHANGES in @inbox/contracts).
 *
 *   inbox.events        topic exchange; each queue binds the routing keys it consumes
 *   inbox.events.dlx    direct exchange routing by queue name:
 *                       `<queue>` → the queue (retries coming back), `<queue>.dead` → its parking queue
 *   <queue>.retry.<ms>  one queue per backoff step, with a queue-wide TTL of <ms> that dead-letters
 *                       back to <queue>. A queue-wide TTL keeps expiry in FIFO order (per-message TTLs
 *                       only expire at the head of a queue), and a failed message waits outside its
 *                       queue, so the messages behind it keep flowing.
 *   <queue>.dead        parking queue, read by deadLetters() and drained by replayDeadLetters();
 *                       bounded (PARKING_BOUNDS): past them the oldest parked messages are dropped
 *
 * Durable queues are quorum queues (replicated: on RabbitMQ 4.x classic queues are not, so losing a
 * node would lose accepted webhooks) unless AMQP_QUEUE_TYPE=classic; a queue owned by one
 * connection (exclusive) stays classic. Existing classic queues move over with migrate-queues.ts.
 */
export const queueNames = (queue: string) => ({
  main: queue,
  dead: `${queue}.dead`,
  retry: (delayMs: number) => `${queue}.retry.${delayMs}`,
});

/** Headers this bus sets on a message; they are bookkeeping, not the publisher's headers. */
export const HEADER = {
  attempt: 'x-attempt',
  deadLetterId: 'x-dead-letter-id',
  error: 'x-error',
  failedAt: 'x-failed-at',
  attempts: 'x-attempts',
} as const;
const BOOKKEEPING = new Set<string>(Object.values(HEADER));
const BROKER_HEADER = /^x-(death|first-death|last-death)/;

/** The RabbitMQ type of the durable queues (AMQP_QUEUE_TYPE). */
export const QUEUE_TYPES = ['quorum', 'classic'] as const;
export type QueueType = (typeof QUEUE_TYPES)[number];

/**
 * Where a bus lives on the broker. The default is the contract's names; a namespace prefixes
 * every exchange and queue (two deployments, or parallel test runs, sharing one broker), and an
 * ephemeral topology removes itself once unused (tests).
 */
export interface Topology {
  events: string;
  deadLetter: string;
  queuePrefix: string;
  ephemeral: boolean;
  queueType: QueueType;
}

export const DEFAULT_TOPOLOGY: Topology = {
  events: EXCHANGES.events,
  deadLetter: EXCHANGES.deadLetter,
  queuePrefix: '',
  ephemeral: false,
  queueType: 'quorum',
};

export function namespacedTopology(
  namespace: string,
  ephemeral: boolean,
  queueType: QueueType = 'quorum',
): Topology {
  return {
    events: `${namespace}.${EXCHANGES.events}`,
    deadLetter: `${namespace}.${EXCHANGES.deadLetter}`,
    queuePrefix: `${namespace}.`,
    ephemeral,
    queueType,
  };
}

/** A bus's topology from its options (RabbitMqBus.connect's, the migration command's). */
export function topologyFor(options: {
  namespace?: string;
  ephemeral?: boolean;
  queueType?: QueueType;
}): Topology {
  // Ephemeral buses (a test's own namespace, gone when it ends) default to classic queues: each
  // quorum queue is a Raft group written to disk, and a test suite declaring hundreds of them at
  // once kept a 2-core broker from accepting connections (connect timeouts in every e2e system).
  const queueType = options.queueType ?? (options.ephemeral ? 'classic' : DEFAULT_TOPOLOGY.queueType);
  return options.namespace
    ? namespacedTopology(options.namespace, options.ephemeral ?? false, queueType)
    : { ...DEFAULT_TOPOLOGY, queueType };
}

const PRECONDITION_FAILED = 406;

/** An AMQP reply code: amqplib rejects with an Error carrying `code`, or with the close frame itself. */
export const codeOf = (err: unknown) => {
  const error = err as { code?: number; fields?: { replyCode?: number } } | undefined;
  return error?.code ?? error?.fields?.replyCode;
};

export const isPreconditionFailed = (err: unknown) => codeOf(err) === PRECONDITION_FAILED;

/** Runs `work` on a channel of its own: a refused declaration closes the channel it was made on. */
export async function onOwnChannel<T>(
  model: ChannelModel,
  work: (channel: Channel) => Promise<T>,
): Promise<T> {
  const channel = await model.createChannel();
  channel.on('error', () => undefined); // the refusal also rejects `work`
  try {
    return await work(channel);
  } finally {
    await channel.close().catch(() => undefined);
  }
}

/**
 * The broker refused to declare a quorum queue because an earlier version (or AMQP_QUEUE_TYPE=classic)
 * declared it classic: a queue's type never changes in place.
 */
export class ClassicQueueError extends Error {
  constructor(readonly queue: string) {
    super(
      `RabbitMQ queue "${queue}" is a classic queue, and this version declares durable queues as quorum queues. ` +
        'Stop every consumer of it (the previous version), run the queue migration ' +
        '(npm run bus:migrate-queues, or node packages/platform/dist/bus/migrate-queues-cli.js with AMQP_URL and ' +
        'AMQP_NAMESPACE), then start again; or set AMQP_QUEUE_TYPE=classic to keep classic queues.',
    );
    this.name = 'ClassicQueueError';
  }
}

/** Whether the queue `name`, which exists, was declared with `options` (a declaration that changes nothing). */
export async function declaredAs(
  model: ChannelModel,
  name: string,
  options: Options.AssertQueue,
): Promise<boolean> {
  try {
    await onOwnChannel(model, (channel) => channel.assertQueue(name, options));
    return true;
  } catch (err) {
    if (isPreconditionFailed(err)) return false;
    throw err;
  }
}

/**
 * Declares a queue; when the broker refuses a quorum declaration and the queue turns out to be the
 * classic one (`classic`: its declaration as an earlier version made it), throws ClassicQueueError.
 */
export async function declareTyped(
  model: ChannelModel,
  name: string,
  wanted: Options.AssertQueue,
  classic: Options.AssertQueue[],
): Promise<void> {
  try {
    await onOwnChannel(model, (channel) => channel.assertQueue(name, wanted));
  } catch (err) {
    if (!isPreconditionFailed(err) || !isQuorum(wanted)) throw err;
    for (const options of classic)
      if (await declaredAs(model, name, options)) throw new ClassicQueueError(name);
    throw err;
  }
}

/** An ephemeral queue disappears after ten unused minutes. */
const EPHEMERAL_QUEUE_EXPIRES_MS = 10 * 60_000;

export async function declareExchanges(
  channel: Channel,
  topology: Topology = DEFAULT_TOPOLOGY,
): Promise<void> {
  await channel.assertExchange(topology.events, 'topic', {
    durable: !topology.ephemeral,
    autoDelete: topology.ephemeral,
  });
  await channel.assertExchange(topology.deadLetter, 'direct', {
    durable: !topology.ephemeral,
    autoDelete: topology.ephemeral,
  });
}

/**
 * How long a queue lives, and its type: exclusive ones vanish with the connection (and stay
 * classic: a quorum queue is replicated, never owned by one connection), ephemeral ones when unused.
 */
export function queueLifetime(
  exclusive: boolean,
  topology: Topology = DEFAULT_TOPOLOGY,
): Options.AssertQueue {
  if (exclusive) return { exclusive: true, durable: false };
  return {
    durable: true,
    ...(topology.ephemeral ? { expires: EPHEMERAL_QUEUE_EXPIRES_MS } : {}),
    ...(topology.queueType === 'quorum' ? { arguments: { 'x-queue-type': 'quorum' } } : {}),
  };
}

export const isQuorum = (options: Options.AssertQueue) =>
  (options.arguments as Record<string, unknown> | undefined)?.['x-queue-type'] === 'quorum';

/**
 * A queue whose messages the broker dead-letters to `routingKey`. A quorum queue does it at least
 * once (RabbitMQ 3.10+): a message leaves only once its destination has it, where the default
 * (at most once) drops it if that destination is unavailable. That mode needs `reject-publish`
 * overflow, which only matters when an operator policy caps the queue: publishers are then
 * refused (and retry) instead of the oldest messages being dropped.
 */
function deadLettering(
  lifetime: Options.AssertQueue,
  exchange: string,
  routingKey: string,
): Options.AssertQueue {
  const options = { ...lifetime, deadLetterExchange: exchange, deadLetterRoutingKey: routingKey };
  if (!isQuorum(lifetime)) return options;
  return {
    ...options,
    arguments: {
      ...lifetime.arguments,
      'x-dead-letter-strategy': 'at-least-once',
      'x-overflow': 'reject-publish',
    },
  };
}

/** A subscription's queue. Whatever the broker itself rejects or expires from it lands in its parking queue. */
export function mainQueueOptions(queue: string, exclusive: boolean, topology: Topology): Options.AssertQueue {
  return {
    ...deadLettering(queueLifetime(exclusive, topology), topology.deadLetter, queueNames(queue).dead),
    autoDelete: exclusive,
  };
}

/** A retry queue: its TTL sends every message back to the subscription's queue. */
export function retryQueueOptions(
  queue: string,
  delayMs: number,
  exclusive: boolean,
  topology: Topology,
): Options.AssertQueue {
  return {
    ...deadLettering(queueLifetime(exclusive, topology), topology.deadLetter, queueNames(queue).main),
    messageTtl: delayMs,
  };
}

/** The same topology with classic queues: how an earlier version declared them. */
export const asClassic = (topology: Topology): Topology => ({ ...topology, queueType: 'classic' });

/**
 * Declares a queue with its retry queues and binds its parking queue (see declareParkingQueue).
 * Throws ClassicQueueError when one of them is a classic queue and quorum ones are wanted.
 */
export async function declareQueue(
  model: ChannelModel,
  queue: string,
  bindings: string[],
  retryDelaysMs: number[],
  exclusive: boolean,
  topology: Topology = DEFAULT_TOPOLOGY,
): Promise<void> {
  const names = queueNames(queue);
  const classic = asClassic(topology);
  await declareTyped(model, names.main, mainQueueOptions(queue, exclusive, topology), [
    mainQueueOptions(queue, exclusive, classic),
  ]);
  for (const delayMs of retryDelaysMs) {
    await declareTyped(model, names.retry(delayMs), retryQueueOptions(queue, delayMs, exclusive, topology), [
      retryQueueOptions(queue, delayMs, exclusive, classic),
    ]);
  }
  await onOwnChannel(model, async (channel) => {
    await channel.bindQueue(names.dead, topology.deadLetter, names.dead);
    await channel.bindQueue(names.main, topology.deadLetter, names.main);
    for (const binding of bindings) await channel.bindQueue(names.main, topology.events, binding);
  });
}

/** The publisher's headers (e.g. `x-request-id`) without the bus's and the broker's bookkeeping. */
export function publisherHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string' && !BOOKKEEPING.has(key) && !BROKER_HEADER.test(key)) result[key] = value;
  }
  return result;
}

/**
 * How long a publish waits for the broker's confirm. A broker under a memory or disk alarm stops
 * reading from publishers without a word to them, so an unbounded wait would hang forever.
 */
export const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Publishes and resolves when the broker confirms this very message (not every outstanding one),
 * or rejects when no confirm came in time: the message may still arrive, so the caller's retry
 * can duplicate it, which idempotent consumers absorb.
 */
export function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
  timeoutMs: number = CONFIRM_TIMEOUT_MS,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`RabbitMQ did not confirm the publish within ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      channel.publish(exchange, routingKey, content, options, (err: unknown) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      });
    } catch (err) {
      clearTimeout(timer);
      reject(err); // the channel is closed
    }
  });
}

/** Properties of an event as the bus first publishes it. */
export function eventPublishOptions(
  envelope: EventEnvelope,
  headers?: Record<string, string>,
): Options.Publish {
  return {
    persistent: true,
    contentType: 'application/json',
    messageId: envelope.id,
    type: envelope.type,
    timestamp: Math.floor(Date.now() / 1000),
    headers: { ...headers },
  };
}

/** The distinct backoff steps of a subscription: one retry queue each. */
export function retryDelaysMs(maxAttempts: number, retryBaseMs: number): number[] {
  const delays = new Set<number>();
  for (let attempt = 1; attempt < maxAttempts; attempt++) delays.add(retryDelayMs(attempt, retryBaseMs));
  return [...delays];
}

/** Properties for putting a message on `queue` again: same body and identity, fresh bookkeeping. */
export function republishOptions(
  message: GetMessage | { properties: GetMessage['properties'] },
  extra: Record<string, unknown>,
): Options.Publish {
  const { properties } = message;
  return {
    persistent: true,
    contentType: properties.contentType ?? 'application/json',
    messageId: properties.messageId,
    type: properties.type,
    timestamp: properties.timestamp,
    headers: { ...publisherHeaders(properties.headers), ...extra },
  };
}
