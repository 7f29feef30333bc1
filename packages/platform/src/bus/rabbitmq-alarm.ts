import type { ChannelModel } from 'amqplib';
import { DomainError } from '../errors';
import type { Logger } from '../logger';

/** Whether, and why, a broker blocks a connection's publishers (a memory or disk alarm). */
export interface Alarm {
  reason?: string;
}

/**
 * Follows RabbitMQ's `connection.blocked` / `connection.unblocked` notices. While a connection is
 * blocked the broker stops reading from it: a publish is neither refused nor confirmed, it waits.
 * The broker may send the notice right after the handshake, so watch from the start.
 */
export function watchAlarm(model: ChannelModel, logger: Logger): Alarm {
  const alarm: Alarm = {};
  model.on('blocked', (reason: unknown) => {
    alarm.reason = typeof reason === 'string' && reason ? reason : 'resource alarm';
    logger.warn({ reason: alarm.reason }, 'RabbitMQ blocks publishers; publishing fails until it unblocks');
  });
  model.on('unblocked', () => {
    alarm.reason = undefined;
    logger.info('RabbitMQ unblocked publishers');
  });
  return alarm;
}

export const brokerBlocked = (alarm: Alarm) =>
  new DomainError('unavailable', 'BROKER_BLOCKED', `RabbitMQ blocks publishers: ${alarm.reason}`);
