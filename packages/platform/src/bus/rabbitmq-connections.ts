import amqp from 'amqplib';
import type { ChannelModel } from 'amqplib';
import type { Logger } from '../logger';
import { describeError } from './delivery';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `work`, at most `ms`: a half-dead socket never answers a close (only heartbeats notice). */
export async function boundedWait(work: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([work(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * A bus's two connections. RabbitMQ blocks a connection that publishes during a memory or disk
 * alarm — it stops reading from it, acks included — so consumers get a connection that never
 * publishes, and the queues keep draining (which is what ends a memory alarm).
 */
export interface ConnectionPair {
  consuming: ChannelModel;
  publishing: ChannelModel;
}

/** Opens both, or neither; `onLost` is called when either closes. */
export async function connectPair(
  url: string,
  name: string,
  logger: Logger,
  onLost: (pair: ConnectionPair) => void,
): Promise<ConnectionPair> {
  const connect = (role: string) =>
    amqp.connect(url, { timeout: 10_000, clientProperties: { connection_name: `${name} (${role})` } });
  const consuming = await connect('consume');
  try {
    const pair = { consuming, publishing: await connect('publish') };
    for (const connection of [pair.consuming, pair.publishing]) {
      connection.on('error', (err) => logger.warn({ err: describeError(err) }, 'RabbitMQ connection error'));
      connection.on('close', () => onLost(pair));
    }
    return pair;
  } catch (err) {
    await consuming.close().catch(() => undefined);
    throw err;
  }
}
