import { earliest } from './projection';

/**
 * How events change a conversation cycle (docs/metrics.md, "Cycle"). Pure: the projections read
 * the locked rows, these decide, the projections write. Every rule takes the earliest time it
 * sees, so the same events in another order, or twice, end in the same cycle.
 */

export interface CycleFacts {
  seq: number;
  startedAt: Date;
  peopleSince: Date | null;
  waitingSince: Date | null;
  firstResponseAt: Date | null;
  firstResponderId: string | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

export type CycleChange = Partial<Omit<CycleFacts, 'seq' | 'startedAt'>>;

const notBefore = (a: Date, b: Date): boolean => a.getTime() >= b.getTime();

/**
 * A customer message: the first-response clock starts at the first one since people became
 * responsible. In cycle 0 of a bot conversation the handoff starts it instead (the message that
 * caused the handoff is why the customer waits). In cycle 0 of any other conversation every
 * message counts: the one that opened it was sent (WhatsApp's time) just before our createdAt.
 */
export function customerMessage(botStarted: boolean, cycle: CycleFacts, sentAt: Date): CycleChange {
  if (cycle.seq === 0 && botStarted) return {};
  if (!cycle.peopleSince) return {};
  if (cycle.seq > 0 && !notBefore(sentAt, cycle.peopleSince)) return {};
  return { waitingSince: earliest(cycle.waitingSince, sentAt) };
}

/**
 * A message that may be the first response: only a human agent's, never a template (callers pass
 * only those), at or after the customer started waiting; the earliest one wins.
 */
export function agentMessage(cycle: CycleFacts, sentAt: Date, userId: string | null): CycleChange {
  if (!cycle.waitingSince || !notBefore(sentAt, cycle.waitingSince)) return {};
  if (cycle.firstResponseAt && notBefore(sentAt, cycle.firstResponseAt)) return {};
  return { firstResponseAt: sentAt, firstResponderId: userId };
}

/** Bot → people: people are responsible from the first handoff; in a bot's cycle 0 the customer waits from it. */
export function handoff(botStarted: boolean, cycle: CycleFacts, at: Date): CycleChange {
  return {
    peopleSince: earliest(cycle.peopleSince, at),
    ...(cycle.seq === 0 && botStarted ? { waitingSince: earliest(cycle.waitingSince, at) } : {}),
  };
}

/** → CLOSED: the cycle's first close resolves it, by whoever was assigned then. */
export function close(cycle: CycleFacts, at: Date, assignedTo: string | null): CycleChange {
  if (cycle.resolvedAt && notBefore(at, cycle.resolvedAt)) return {};
  return { resolvedAt: at, resolvedBy: assignedTo };
}

/**
 * A reopen at `at` applied after facts that belong to the cycle it starts (they arrived first and
 * were given to the cycle before): those move to the new cycle. A first response at or after the
 * reopen whose waiting started before it is no longer the earlier cycle's, and the new cycle cannot
 * know its waiting start, so it is dropped.
 */
export function splitAt(previous: CycleFacts, at: Date): { previous: CycleChange; next: CycleChange } {
  const after = (d: Date | null): d is Date => d !== null && notBefore(d, at);
  const change: { previous: CycleChange; next: CycleChange } = { previous: {}, next: {} };
  if (after(previous.resolvedAt)) {
    change.next = { resolvedAt: previous.resolvedAt, resolvedBy: previous.resolvedBy };
    change.previous = { resolvedAt: null, resolvedBy: null };
  }
  if (after(previous.waitingSince)) {
    change.next = {
      ...change.next,
      waitingSince: previous.waitingSince,
      firstResponseAt: previous.firstResponseAt,
      firstResponderId: previous.firstResponderId,
    };
    change.previous = {
      ...change.previous,
      waitingSince: null,
      firstResponseAt: null,
      firstResponderId: null,
    };
  } else if (after(previous.firstResponseAt)) {
    change.previous = { ...change.previous, firstResponseAt: null, firstResponderId: null };
  }
  return change;
}
