import type { Channel, ChannelModel } from 'amqplib';
import { busParked, busQueueDepth } from '../metrics/catalog';
import { queueNames } from './rabbitmq-topology';

/** A queue this process consumes: its name in the metrics, and on the broker (namespace included). */
export interface ConsumedQueueName {
  queue: string;
  physical: string;
}

/**
 * Sets inbox_bus_queue_depth and inbox_bus_parked_messages of each queue from the broker
 * (a passive declare: checkQueue). A queue that does not exist (a parking queue deleted by hand)
 * closes the channel, so the next one is asked on a fresh channel; its gauge keeps its last value.
 */
export async function readQueueGauges(model: ChannelModel, queues: ConsumedQueueName[]): Promise<void> {
  let channel: Channel | undefined;
  const messages = async (queue: string): Promise<number | undefined> => {
    try {
      if (!channel) {
        channel = await model.createChannel();
        channel.on('error', () => undefined); // a failed check also rejects below
      }
      return (await channel.checkQueue(queue)).messageCount;
    } catch {
      const broken = channel;
      channel = undefined;
      await broken?.close().catch(() => undefined);
      return undefined;
    }
  };
  try {
    for (const { queue, physical } of queues) {
      const names = queueNames(physical);
      const depth = await messages(names.main);
      if (depth !== undefined) busQueueDepth.set({ queue }, depth);
      const parked = await messages(names.dead);
      if (parked !== undefined) busParked.set({ queue }, parked);
    }
  } finally {
    await channel?.close().catch(() => undefined);
  }
}
