import type { Channel, ChannelModel, ConfirmChannel, GetMessage, Options } from 'amqplib';
import { newId } from '../ids';
import type { Logger } from '../logger';
import type { DeadLetter } from './bus';
import { PARKING_BOUNDS, parseEnvelope, unparsedEvent, type ParkingBounds } from './delivery';
import { HEADER, publishConfirmed, queueNames, republishOptions } from './rabbitmq-topology';

const PRECONDITION_FAILED = 406;
const NOT_FOUND = 404;
/** An AMQP reply code: amqplib rejects with an Error carrying `code`, or with the close frame itself. */
const codeOf = (err: unknown) => {
  const error = err as { code?: number; fields?: { replyCode?: number } } | undefined;
  return error?.code ?? error?.fields?.replyCode;
};

/** Runs `work` on a channel of its own: a refused declaration closes the channel it was made on. */
async function onOwnChannel<T>(model: ChannelModel, work: (channel: Channel) => Promise<T>): Promise<T> {
  const channel = await model.createChannel();
  channel.on('error', () => undefined); // the refusal also rejects `work`
  try {
    return await work(channel);
  } finally {
    await channel.close().catch(() => undefined);
  }
}

/**
 * Declares a parking queue with its bounds. One declared without them by an earlier version makes
 * the broker refuse the declaration (406 PRECONDITION_FAILED: a queue's arguments never change).
 * An empty one is replaced; one holding messages is kept as it is, unbounded, with a warning:
 * the operator replays or deletes its messages, and the next start bounds it.
 */
export async function declareParkingQueue(
  model: ChannelModel,
  queue: string,
  lifetime: Options.AssertQueue,
  logger: Logger,
  bounds: ParkingBounds = PARKING_BOUNDS,
): Promise<{ bounded: boolean }> {
  const declare = () =>
    onOwnChannel(model, (channel) =>
      channel.assertQueue(queue, {
        ...lifetime,
        maxLength: bounds.maxLength,
        messageTtl: bounds.ttlMs,
        arguments: { 'x-max-length-bytes': bounds.maxBytes, 'x-overflow': 'drop-head' },
      }),
    );
  try {
    await declare();
    return { bounded: true };
  } catch (err) {
    if (codeOf(err) !== PRECONDITION_FAILED) throw err;
  }
  try {
    await onOwnChannel(model, (channel) => channel.deleteQueue(queue, { ifEmpty: true }));
    await declare();
    logger.info({ queue }, 'parking queue of an earlier version was empty; declared again with bounds');
    return { bounded: true };
  } catch (err) {
    if (codeOf(err) !== PRECONDITION_FAILED) throw err; // 406 again: it holds messages
  }
  const { messageCount } = await onOwnChannel(model, (channel) => channel.checkQueue(queue));
  logger.warn(
    { queue, messages: messageCount },
    'parking queue declared without bounds by an earlier version; it stays unbounded until it is empty: ' +
      'replay (npm run bus:replay) or delete its messages, then restart',
  );
  return { bounded: false };
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
    if (codeOf(err) !== NOT_FOUND) throw err;
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
