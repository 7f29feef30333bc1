import type { EventEnvelope } from '@inbox/contracts';
import { newId } from '@inbox/platform';

/** An event as the bus would deliver it to the analytics consumer (a fresh id unless given). */
export function analyticsEvent<T extends Record<string, unknown>>(
  type: string,
  orgId: number,
  occurredAt: Date | string,
  data: T,
  id: string = newId(),
): EventEnvelope<T> {
  return {
    id,
    type,
    orgId,
    occurredAt: typeof occurredAt === 'string' ? occurredAt : occurredAt.toISOString(),
    data,
  };
}
