import { EXCHANGES, type EventEnvelope } from '@inbox/contracts';
import { retryDelayMs } from './delivery';
import type { Channel, ConfirmChannel, GetMessage, Options } from 'amqplib';

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
}

export const DEFAULT_TOPOLOGY: Topology = {
  events: EXCHANGES.events,
  deadLetter: EXCHANGES.deadLetter,
  queuePrefix: '',
  ephemeral: false,
};

export function namespacedTopology(namespace: string, ephemeral: boolean): Topology {
  return {
    events: `${namespace}.${EXCHANGES.events}`,
    deadLetter: `${namespace}.${EXCHANGES.deadLetter}`,
    queuePrefix: `${namespace}.`,
    ephemeral,
  };
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

/** How long a queue lives: exclusive ones vanish with the connection, ephemeral ones when unused. */
export function queueLifetime(
  exclusive: boolean,
  topology: Topology = DEFAULT_TOPOLOGY,
): Options.AssertQueue {
  return exclusive
    ? { exclusive: true, durable: false }
    : { durable: true, ...(topology.ephemeral ? { expires: EPHEMERAL_QUEUE_EXPIRES_MS } : {}) };
}

/** Declares a queue with its retry queues and binds its parking queue (see declareParkingQueue). */
export async function declareQueue(
  channel: Channel,
  queue: string,
  bindings: string[],
  retryDelaysMs: number[],
  exclusive: boolean,
  topology: Topology = DEFAULT_TOPOLOGY,
): Promise<void> {
  const names = queueNames(queue);
  const lifetime = queueLifetime(exclusive, topology);
  await channel.assertQueue(names.main, {
    ...lifetime,
    autoDelete: exclusive,
    // Whatever the broker itself rejects or expires from the queue lands in the parking queue too.
    deadLetterExchange: topology.deadLetter,
    deadLetterRoutingKey: names.dead,
  });
  await channel.bindQueue(names.dead, topology.deadLetter, names.dead);
  await channel.bindQueue(names.main, topology.deadLetter, names.main);
  for (const delayMs of retryDelaysMs) {
    await channel.assertQueue(names.retry(delayMs), {
      ...lifetime,
      messageTtl: delayMs,
      deadLetterExchange: topology.deadLetter,
      deadLetterRoutingKey: names.main,
    });
  }
  for (const binding of bindings) await channel.bindQueue(names.main, topology.events, binding);
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
