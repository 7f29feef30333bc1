import type { ChannelModel, Options } from 'amqplib';
import type { Logger } from '../logger';
import { describeError } from './delivery';
import { declareParkingQueue } from './rabbitmq-parking';
import {
  ClassicQueueError,
  codeOf,
  declareQueue,
  onOwnChannel,
  publishConfirmed,
  queueLifetime,
  queueNames,
  type Topology,
} from './rabbitmq-topology';

/**
 * What the queue migration must know of a subscription and cannot read from the broker (AMQP
 * lists neither a queue's bindings nor its neighbours): the routing keys its queue is bound
 * with, and its retry steps. Only the subscribing code knows them.
 */
export interface QueueSpec {
  /** The queue on the broker, namespace included. */
  queue: string;
  bindings: string[];
  retryDelaysMs: number[];
}

/**
 * Where a subscription's spec waits for the migration: one message, the latest. Declared alike
 * whatever AMQP_QUEUE_TYPE says (the broker's default type), so that both kinds of start-up agree.
 */
export const specQueueName = (queue: string) => `${queue}.migration-spec`;

function specQueueOptions(topology: Topology): Options.AssertQueue {
  const lifetime = queueLifetime(false, { ...topology, queueType: 'classic' });
  return { ...lifetime, maxLength: 1, arguments: { 'x-overflow': 'drop-head' } };
}

/**
 * Declares a subscription's queues: parking, main, retries, bindings. A start-up with classic
 * queues (AMQP_QUEUE_TYPE=classic) leaves the subscription's spec for a later migration. When a
 * queue is a classic one and quorum ones are wanted, the start-up fails with ClassicQueueError
 * (which says what to do), after leaving the spec too: a process that stops with a clear message,
 * not one that changes queues under the consumers of the previous version still running.
 */
export async function declareSubscriptionQueues(
  model: ChannelModel,
  spec: QueueSpec & { exclusive: boolean },
  topology: Topology,
  logger: Logger,
): Promise<void> {
  const { queue, bindings, retryDelaysMs, exclusive } = spec;
  const record = () =>
    recordQueueSpec(model, { queue, bindings, retryDelaysMs }, topology).catch((err) =>
      logger.warn({ queue, err: describeError(err) }, 'could not leave the queue spec for the migration'),
    );
  const lifetime = queueLifetime(exclusive, topology);
  try {
    await declareParkingQueue(model, queueNames(queue).dead, lifetime, logger);
    await declareQueue(model, queue, bindings, retryDelaysMs, exclusive, topology);
  } catch (err) {
    if (err instanceof ClassicQueueError) await record();
    throw err;
  }
  if (!exclusive && topology.queueType === 'classic') await record();
}

export async function recordQueueSpec(
  model: ChannelModel,
  spec: QueueSpec,
  topology: Topology,
): Promise<void> {
  const name = specQueueName(spec.queue);
  const channel = await model.createConfirmChannel();
  channel.on('error', () => undefined); // a refusal also rejects the call
  try {
    await channel.assertQueue(name, specQueueOptions(topology));
    await publishConfirmed(channel, '', name, Buffer.from(JSON.stringify(spec)), {
      persistent: true,
      contentType: 'application/json',
    });
  } finally {
    await channel.close().catch(() => undefined);
  }
}

/** The spec a refused boot left for `queue`, if any; reading leaves it in place. */
export async function readQueueSpec(model: ChannelModel, queue: string): Promise<QueueSpec | undefined> {
  return onOwnChannel(model, async (channel) => {
    try {
      const message = await channel.get(specQueueName(queue), { noAck: false });
      // Not acked: closing the channel puts it back.
      return message ? (JSON.parse(message.content.toString()) as QueueSpec) : undefined;
    } catch (err) {
      if (codeOf(err) === 404) return undefined;
      throw err;
    }
  });
}

export async function deleteQueueSpec(model: ChannelModel, queue: string): Promise<void> {
  await onOwnChannel(model, (channel) => channel.deleteQueue(specQueueName(queue)));
}
