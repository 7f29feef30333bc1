import type { EventEnvelope } from '@inbox/contracts';
import { DomainError, type Db } from '@inbox/platform';

/** One event type's effect on the read models: pure database work inside the caller's transaction. */
export type Projection = (tx: Db, event: EventEnvelope) => Promise<void>;

/** Projections keyed by the event type they handle. */
export type ProjectionTable = Record<string, Projection>;

/** The event's time: what every "when" of the read models is measured in. */
export const occurredAt = (event: EventEnvelope): Date => new Date(event.occurredAt);

/** The earlier of two times (null: unknown), for first-time facts that may arrive out of order. */
export const earliest = (a: Date | null, b: Date): Date => (a && a.getTime() <= b.getTime() ? a : b);

/** A timestamp as a SQL parameter (drivers differ on Date). */
export const isoParam = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * An event about something whose creation has not been applied yet (it arrived first, or is being
 * applied concurrently): thrown before any write, so the bus retries it after the creation commits.
 */
export const notProjectedYet = (what: 'conversation' | 'campaign', id: string) =>
  new DomainError('unavailable', 'NOT_PROJECTED_YET', `No ${what} ${id} in the read models yet`);
