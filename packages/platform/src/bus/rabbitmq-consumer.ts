import type { EventEnvelope } from '@inbox/contracts';
import type { Channel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { newId } from '../ids';
import type { Logger } from '../logger';
import { runWithRequestId } from '../request-scope';
import type { EventHandler, SubscriptionSpec } from './bus';
import {
  describeError,
  parseEnvelope,
  reportSettled,
  requestIdOf,
  retryDelayMs,
  type ConsumeOutcome,
} from './delivery';
import { parkingHeaders } from './rabbitmq-parking';
import {
  HEADER,
  publishConfirmed,
  publisherHeaders,
  queueNames,
  republishOptions,
} from './rabbitmq-topology';

export interface Subscription {
  spec: SubscriptionSpec;
  handler: EventHandler;
  /** The queue on the broker: for `exclusive` specs, suffixed per bus so each process gets its own. */
  queue: string;
  maxAttempts: number;
  retryBaseMs: number;
  consumer?: { channel: Channel; tag: string };
}

export interface DeliveryContext {
  logger: Logger;
  /** The `service` label of the consumption metrics. */
  service: string;
  /** The bus's confirm channel of the moment (it changes on reconnection), undefined while down. */
  publisher(): ConfirmChannel | undefined;
  /** How long a retry or parking copy waits for its confirm before the delivery is requeued. */
  confirmTimeoutMs: number;
}

/**
 * Handles one delivery and settles it: acked once the handler succeeded, or once the retry copy
 * (or the parked copy) is confirmed by the broker. When even that fails, it is requeued, and
 * when the channel is gone too, the broker redelivers it: at least once in every case. It runs
 * as part of the request that published the event (its `x-request-id`).
 */
export function handleDelivery(
  context: DeliveryContext,
  subscription: Subscription,
  channel: Channel,
  message: ConsumeMessage,
): Promise<void> {
  const requestId = requestIdOf(message.properties.headers, message.properties.messageId ?? newId());
  return runWithRequestId(requestId, () => settle(context, subscription, channel, message));
}

async function settle(
  context: DeliveryContext,
  subscription: Subscription,
  channel: Channel,
  message: ConsumeMessage,
): Promise<void> {
  const { logger } = context;
  const startedAt = performance.now();
  const queue = subscription.spec.queue;
  // A redelivery means the consumer died mid-message (a crash, an out-of-memory kill): count it
  // as an attempt, so a message that kills its consumer is parked instead of looping forever.
  const attempt =
    Math.max(1, Number(message.properties.headers?.[HEADER.attempt] ?? 1) || 1) +
    (message.fields.redelivered ? 1 : 0);
  const event = parseEnvelope(message.content);
  try {
    let outcome: ConsumeOutcome = 'parked';
    if (typeof event === 'string') {
      logger.error({ queue, messageId: message.properties.messageId, error: event }, 'poison message parked');
      await send(context, queueNames(subscription.queue).dead, message, parkingHeaders(event, 0));
    } else {
      outcome = await run(context, subscription, message, event, attempt);
    }
    channel.ack(message);
    reportSettled(logger, context.service, {
      queue,
      outcome,
      attempt,
      startedAt,
      event: typeof event === 'string' ? undefined : event,
    });
  } catch (err) {
    logger.warn({ queue, err: describeError(err) }, 'could not settle a message; it will be redelivered');
    try {
      channel.nack(message, false, true);
    } catch {
      // the channel is gone, and with it the delivery
    }
  }
}

/** Runs the handler; on failure sends the message to a retry queue or parks it. Throws when neither worked. */
async function run(
  context: DeliveryContext,
  subscription: Subscription,
  message: ConsumeMessage,
  event: EventEnvelope,
  attempt: number,
): Promise<ConsumeOutcome> {
  const { logger } = context;
  const queue = subscription.spec.queue;
  const names = queueNames(subscription.queue);
  try {
    await subscription.handler(event, {
      attempt,
      headers: publisherHeaders(message.properties.headers),
      queue,
    });
    return 'acked';
  } catch (err) {
    if (attempt >= subscription.maxAttempts) {
      logger.error({ queue, eventId: event.id, type: event.type, err }, 'event handler failed; parked');
      await send(context, names.dead, message, parkingHeaders(describeError(err), attempt));
      return 'parked';
    }
    const delay = retryDelayMs(attempt, subscription.retryBaseMs);
    logger.warn({ queue, eventId: event.id, attempt, delay, err }, 'event handler failed; retrying');
    await send(context, names.retry(delay), message, { [HEADER.attempt]: attempt + 1 });
    return 'retried';
  }
}

function send(
  context: DeliveryContext,
  queue: string,
  message: ConsumeMessage,
  headers: Record<string, unknown>,
): Promise<void> {
  const publisher = context.publisher();
  if (!publisher) return Promise.reject(new Error('RabbitMQ connection is down'));
  return publishConfirmed(
    publisher,
    '',
    queue,
    message.content,
    republishOptions(message, headers),
    context.confirmTimeoutMs,
  );
}
