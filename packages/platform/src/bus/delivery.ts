import { eventEnvelopeSchema } from '@inbox/contracts';
import type { EventEnvelope } from '@inbox/contracts';
import { REQUEST_ID_METADATA } from '../context';
import type { Logger } from '../logger';
import { busConsumed, busConsumerLag } from '../metrics/catalog';

/** Defaults shared by both buses, so a consumer behaves the same in the all-in-one and distributed modes. */
export const BUS_DEFAULTS = {
  prefetch: 10,
  maxAttempts: 5,
  retryBaseMs: 200,
  /** No retry waits longer than this, however many attempts are configured. */
  retryMaxMs: 30_000,
} as const;

/**
 * A parking queue holds failures for a person to look at, not a backlog: past these bounds the
 * oldest parked messages are dropped (never the newest: refusing to park would make the consumer
 * redeliver forever). Both buses apply them; on RabbitMQ an operator policy can lower them.
 */
export interface ParkingBounds {
  maxLength: number;
  maxBytes: number;
  ttlMs: number;
}

export const PARKING_BOUNDS: ParkingBounds = {
  maxLength: 10_000,
  maxBytes: 256 * 1024 * 1024,
  ttlMs: 14 * 24 * 60 * 60 * 1000,
};

/** Delay before the attempt after `failedAttempt` (1-based): base, 2×base, 4×base… capped. */
export function retryDelayMs(failedAttempt: number, baseMs: number = BUS_DEFAULTS.retryBaseMs): number {
  return Math.min(baseMs * 2 ** (failedAttempt - 1), BUS_DEFAULTS.retryMaxMs);
}

/** The next consumer with room (fewer in flight than its prefetch), round robin over a queue's consumers. */
export function nextConsumerWithRoom<C extends { active: number; prefetch: number }>(queue: {
  consumers: C[];
  cursor: number;
}): C | undefined {
  const count = queue.consumers.length;
  for (let i = 0; i < count; i++) {
    const consumer = queue.consumers[(queue.cursor + i) % count];
    if (consumer.active < consumer.prefetch) {
      queue.cursor = (queue.cursor + i + 1) % count;
      return consumer;
    }
  }
  return undefined;
}

/**
 * AMQP topic matching: words are separated by `.`, `*` matches exactly one word and `#` zero or
 * more. Iterative over (pattern word, key word) states so that several `#` never go exponential.
 */
export function topicMatches(pattern: string, routingKey: string): boolean {
  const p = pattern.split('.');
  const k = routingKey.split('.');
  // reachable[j]: the first i pattern words can match the first j key words.
  let reachable = new Array<boolean>(k.length + 1).fill(false);
  reachable[0] = true;
  for (const word of p) {
    const next = new Array<boolean>(k.length + 1).fill(false);
    for (let j = 0; j <= k.length; j++) {
      if (word === '#') {
        next[j] = reachable[j] || (j > 0 && next[j - 1]);
      } else if (j > 0 && reachable[j - 1] && (word === '*' || word === k[j - 1])) {
        next[j] = true;
      }
    }
    reachable = next;
  }
  return reachable[k.length];
}

/** Error text kept with a parked message: enough to diagnose, bounded so a huge message cannot bloat it. */
export function describeError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** The envelope in a message body, or why the body is not one (a poison message). */
export function parseEnvelope(body: string | Buffer): EventEnvelope | string {
  try {
    const result = eventEnvelopeSchema.safeParse(JSON.parse(body.toString()));
    return result.success ? result.data : `invalid envelope: ${result.error.message}`;
  } catch (err) {
    return `unparseable body: ${describeError(err)}`;
  }
}

/** A stand-in envelope for a parked message that is not one, keeping the raw body for inspection. */
export function unparsedEvent(body: string | Buffer, type = 'unknown', id = 'unknown'): EventEnvelope {
  const raw = body.toString();
  return {
    id,
    type,
    orgId: 0,
    occurredAt: '',
    data: { raw: raw.length > 10_000 ? raw.slice(0, 10_000) : raw },
  };
}

/** How a delivery was settled, as inbox_bus_consumed_total counts it. */
export type ConsumeOutcome = 'acked' | 'retried' | 'parked';

export interface SettledDelivery {
  /** The logical queue (never a namespace or replica suffix: a bounded label). */
  queue: string;
  outcome: ConsumeOutcome;
  attempt: number;
  /** performance.now() when the delivery started. */
  startedAt: number;
  /** Undefined for a body that is no envelope. */
  event?: EventEnvelope;
}

/**
 * What every bus reports of a settled delivery: its outcome counted, for a handled event how late
 * it was (now − its occurredAt), and a debug line under the request id of its publisher.
 */
export function reportSettled(logger: Logger, service: string, delivery: SettledDelivery): void {
  const { queue, outcome, event } = delivery;
  busConsumed.inc({ service, queue, outcome });
  const occurredAt = outcome === 'acked' && event ? Date.parse(event.occurredAt) : NaN;
  if (Number.isFinite(occurredAt))
    busConsumerLag.observe({ service, queue }, Math.max(0, Date.now() - occurredAt) / 1000);
  logger.debug(
    {
      queue,
      type: event?.type,
      eventId: event?.id,
      attempt: delivery.attempt,
      outcome,
      ms: Math.round(performance.now() - delivery.startedAt),
    },
    'event consumed',
  );
}

/**
 * The request a delivery belongs to: the publisher's `x-request-id`, else the message's own id,
 * so that the lines of one delivery (and its retries) still share one.
 */
export function requestIdOf(headers: Record<string, unknown> | undefined, fallback: string): string {
  const given = headers?.[REQUEST_ID_METADATA];
  return typeof given === 'string' && given !== '' ? given : fallback;
}
