import type { RecipientStatus } from '@inbox/contracts';
import type { StoredRecipientStatus } from '../db/schema';

/** Our own error code: the worker lost the send's answer (its lease ran out); never resent. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';

/**
 * How far a recipient got: statuses only move up (PENDING < DISPATCHING < SENT < DELIVERED <
 * READ < REPLIED). FAILED ranks above all, as it is final, except for OUTCOME_UNKNOWN, which
 * WhatsApp's own word about the send replaces (status-report.ts).
 */
export const RECIPIENT_RANK: Readonly<Record<StoredRecipientStatus, number>> = {
  PENDING: 0,
  DISPATCHING: 1,
  SENT: 2,
  DELIVERED: 3,
  READ: 4,
  REPLIED: 5,
  FAILED: 6,
};

/** Whether `to` is a move up from `from` (a repeated or older report changes nothing). */
export const ranksAbove = (to: StoredRecipientStatus, from: StoredRecipientStatus): boolean =>
  RECIPIENT_RANK[to] > RECIPIENT_RANK[from];

/** The API's status of a stored one: a recipient being sent (DISPATCHING) is still PENDING. */
export const shownStatus = (stored: StoredRecipientStatus): RecipientStatus =>
  stored === 'DISPATCHING' ? 'PENDING' : stored;

/** The stored statuses an API status filter covers (PENDING: DISPATCHING too). */
export const storedStatusesOf = (shown: RecipientStatus): StoredRecipientStatus[] =>
  shown === 'PENDING' ? ['PENDING', 'DISPATCHING'] : [shown];

/** Recipients still to be sent or being sent: a campaign with none left is complete. */
export const UNFINISHED_RECIPIENT_STATUSES: readonly StoredRecipientStatus[] = ['PENDING', 'DISPATCHING'];
