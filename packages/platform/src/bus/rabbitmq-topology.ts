import { EXCHANGES } from '@inbox/contracts';
import type { Channel, ChannelModel, ConfirmChannel, GetMessage, Options } from 'amqplib';
import { newId } from '../ids';
import type { DeadLetter } from './bus';
import { parseEnvelope, unparsedEvent } from './delivery';

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
 *   <queue>.dead        parking queue, read by deadLetters() and drained by replayDeadLetters()
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

/** Declares a queue with its retry and parking queues; `exclusive` ones vanish with the connection. */
export async function declareQueue(
  channel: Channel,
  queue: string,
  bindings: string[],
  retryDelaysMs: number[],
  exclusive: boolean,
  topology: Topology = DEFAULT_TOPOLOGY,
): Promise<void> {
  const names = queueNames(queue);
  const lifetime: Options.AssertQueue = exclusive
    ? { exclusive: true, durable: false }
    : { durable: true, ...(topology.ephemeral ? { expires: EPHEMERAL_QUEUE_EXPIRES_MS } : {}) };
  await channel.assertQueue(names.main, {
    ...lifetime,
    autoDelete: exclusive,
    // Whatever the broker itself rejects or expires from the queue lands in the parking queue too.
    deadLetterExchange: topology.deadLetter,
    deadLetterRoutingKey: names.dead,
  });
  await channel.assertQueue(names.dead, lifetime);
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

/** Publishes and resolves when the broker confirms this very message (not every outstanding one). */
export function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    try {
      channel.publish(exchange, routingKey, content, options, (err: unknown) =>
        err ? reject(err) : resolve(),
      );
    } catch (err) {
      reject(err); // the channel is closed
    }
  });
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

function toDeadLetter(queue: string, message: GetMessage): DeadLetter {
  const headers = message.properties.headers ?? {};
  const parsed = parseEnvelope(message.content);
  const death = Array.isArray(headers['x-death'])
    ? (headers['x-death'][0] as { reason?: string } | undefined)
    : undefined;
  return {
    id: String(headers[HEADER.deadLetterId] ?? message.properties.messageId ?? ''),
    queue,
    event:
      typeof parsed === 'string'
        ? unparsedEvent(message.content, message.properties.type, message.properties.messageId)
        : parsed,
    error: String(
      headers[HEADER.error] ?? (death ? `dead-lettered by the broker: ${death.reason}` : 'unknown'),
    ),
    failedAt: String(headers[HEADER.failedAt] ?? ''),
    attempts: Number(headers[HEADER.attempts] ?? 0),
  };
}

/**
 * Takes every message of a parking queue on a private channel and hands each to `visit`, which
 * may ack it. Closing the channel puts back the rest in their order, so reading is non-destructive.
 * A parking queue that does not exist (nothing ever failed) reads as empty.
 */
async function drain(
  model: ChannelModel,
  deadQueue: string,
  visit: (channel: ConfirmChannel, message: GetMessage) => Promise<void>,
): Promise<void> {
  const channel = await model.createConfirmChannel();
  channel.on('error', () => undefined); // a 404 also rejects the get below
  try {
    for (;;) {
      const message = await channel.get(deadQueue, { noAck: false });
      if (!message) return;
      await visit(channel, message);
    }
  } catch (err) {
    if ((err as { code?: number }).code !== 404) throw err;
  } finally {
    await channel.close().catch(() => undefined);
  }
}

export async function readParked(
  model: ChannelModel,
  queue: string,
  physicalQueue: string,
): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  await drain(model, queueNames(physicalQueue).dead, async (_channel, message) => {
    letters.push(toDeadLetter(queue, message));
  });
  return letters;
}

/** Moves parked messages (all, or those with the given ids) back to their queue for a fresh set of attempts. */
export async function replayParked(
  model: ChannelModel,
  queue: string,
  physicalQueue: string,
  ids?: string[],
): Promise<number> {
  const wanted = ids ? new Set(ids) : undefined;
  let replayed = 0;
  await drain(model, queueNames(physicalQueue).dead, async (channel, message) => {
    if (wanted && !wanted.has(toDeadLetter(queue, message).id)) return;
    // Confirmed on the queue before it leaves the parking queue: a crash in between duplicates, never loses.
    await publishConfirmed(
      channel,
      '',
      physicalQueue,
      message.content,
      republishOptions(message, { [HEADER.attempt]: 1 }),
    );
    channel.ack(message);
    replayed++;
  });
  return replayed;
}

export function parkingHeaders(error: string, attempts: number): Record<string, unknown> {
  return {
    [HEADER.deadLetterId]: newId(),
    [HEADER.error]: error,
    [HEADER.failedAt]: new Date().toISOString(),
    [HEADER.attempts]: attempts,
  };
}
