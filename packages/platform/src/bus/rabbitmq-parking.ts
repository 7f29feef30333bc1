import type { ChannelModel, ConfirmChannel, GetMessage, Options } from 'amqplib';
import { newId } from '../ids';
import type { Logger } from '../logger';
import type { DeadLetter } from './bus';
import { PARKING_BOUNDS, parseEnvelope, unparsedEvent, type ParkingBounds } from './delivery';
import {
  ClassicQueueError,
  codeOf,
  declaredAs,
  HEADER,
  isPreconditionFailed,
  isQuorum,
  onOwnChannel,
  publishConfirmed,
  queueNames,
  republishOptions,
} from './rabbitmq-topology';

const NOT_FOUND = 404;

/** A parking queue's declaration: `lifetime` (queueLifetime) with the bounds. */
export function parkingQueueOptions(
  lifetime: Options.AssertQueue,
  bounds: ParkingBounds = PARKING_BOUNDS,
): Options.AssertQueue {
  return {
    ...lifetime,
    maxLength: bounds.maxLength,
    messageTtl: bounds.ttlMs,
    arguments: { ...lifetime.arguments, 'x-max-length-bytes': bounds.maxBytes, 'x-overflow': 'drop-head' },
  };
}

/** The same lifetime as a classic queue (how an earlier version declared it). */
export function classicLifetime(lifetime: Options.AssertQueue): Options.AssertQueue {
  const args = { ...(lifetime.arguments as Record<string, unknown> | undefined) };
  delete args['x-queue-type'];
  return { ...lifetime, arguments: Object.keys(args).length > 0 ? args : undefined };
}

/** The declarations an earlier version made of a parking queue: bounded, or before that unbounded. */
export function classicParkingOptions(
  lifetime: Options.AssertQueue,
  bounds = PARKING_BOUNDS,
): Options.AssertQueue[] {
  const classic = classicLifetime(lifetime);
  return [parkingQueueOptions(classic, bounds), classic];
}

/**
 * Declares a parking queue with its bounds. One declared otherwise by an earlier version makes
 * the broker refuse the declaration (406 PRECONDITION_FAILED: a queue's arguments never change).
 * An empty classic one is replaced; one holding messages is kept as it is, with a warning (without
 * bounds: the operator replays or deletes its messages, and the next start bounds it) or an error
 * (classic where quorum is wanted: ClassicQueueError, the queue migration moves it with its messages).
 */
export async function declareParkingQueue(
  model: ChannelModel,
  queue: string,
  lifetime: Options.AssertQueue,
  logger: Logger,
  bounds: ParkingBounds = PARKING_BOUNDS,
): Promise<{ bounded: boolean }> {
  const declare = () =>
    onOwnChannel(model, (channel) => channel.assertQueue(queue, parkingQueueOptions(lifetime, bounds)));
  try {
    await declare();
    return { bounded: true };
  } catch (err) {
    if (!isPreconditionFailed(err)) throw err;
    // Only a classic queue may be deleted "if empty": a quorum queue answers by closing the connection.
    let classic = false;
    for (const options of classicParkingOptions(lifetime, bounds))
      classic ||= await declaredAs(model, queue, options);
    if (!classic) throw err;
  }
  try {
    await onOwnChannel(model, (channel) => channel.deleteQueue(queue, { ifEmpty: true }));
    await declare();
    logger.info({ queue }, 'parking queue of an earlier version was empty; declared again');
    return { bounded: true };
  } catch (err) {
    if (!isPreconditionFailed(err)) throw err; // 406 again: it holds messages
  }
  if (isQuorum(lifetime)) throw new ClassicQueueError(queue);
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
