import { OUTCOME_UNKNOWN, type MessageStatus } from '@inbox/contracts';

/** What the platform reports in `statuses[].status` (reference §1.6). */
export type ProviderStatus = 'sent' | 'delivered' | 'read' | 'played' | 'failed';

/** An outbound message's status; inbound messages are RECEIVED and never move. */
export type OutboundStatus = Exclude<MessageStatus, 'RECEIVED'>;

const RANK: Record<string, number> = { PENDING: 0, SENT: 1, DELIVERED: 2, READ: 3 };

/** `played` is the first playback of a voice message: for the sender it means the same as read. */
export const fromProviderStatus = (status: ProviderStatus): OutboundStatus =>
  status === 'played' ? 'READ' : (status.toUpperCase() as OutboundStatus);

export type StatusDecision =
  | { kind: 'advance'; to: OutboundStatus }
  | { kind: 'unchanged' }
  | { kind: 'ignored'; reason: 'failed_after_delivery' | 'already_failed' | 'not_outbound' };

/**
 * Statuses only move forward (PENDING < SENT < DELIVERED < READ), because the platform does not
 * guarantee their order: a late `delivered` after `read` changes nothing. FAILED is reachable
 * only before delivery (a failure report about a delivered message contradicts what the customer
 * saw) and is final — except a failure of ours that only means "nobody knows" (OUTCOME_UNKNOWN):
 * whatever the platform then reports about the message is what happened, so it is taken as from
 * PENDING.
 */
export function decideStatus(
  current: string,
  reported: ProviderStatus,
  currentErrorCode: number | null = null,
): StatusDecision {
  const to = fromProviderStatus(reported);
  if (current === 'FAILED' && currentErrorCode === OUTCOME_UNKNOWN.code) return { kind: 'advance', to };
  if (current === 'FAILED')
    return to === 'FAILED' ? { kind: 'unchanged' } : { kind: 'ignored', reason: 'already_failed' };
  const from = RANK[current];
  if (from === undefined) return { kind: 'ignored', reason: 'not_outbound' };
  if (to === 'FAILED')
    return from <= RANK.SENT ? { kind: 'advance', to } : { kind: 'ignored', reason: 'failed_after_delivery' };
  return RANK[to] > from ? { kind: 'advance', to } : { kind: 'unchanged' };
}
