import type { LockedRecipient } from '../db/repositories/dispatch-outcomes.repository';
import { OUTCOME_UNKNOWN, shownStatus } from '../domain/recipient-status';

/** What a worker learned from one send of a claimed recipient. */
export type SendOutcome =
  | { kind: 'sent'; wamid: string; waId: string; at: Date }
  | {
      kind: 'failed';
      code: string;
      title: string;
      details: string | null;
      retryableAfter: Date | null;
      at: Date;
    }
  /** Refused before WhatsApp acted (throttled, deferred, campaign paused): PENDING again. */
  | { kind: 'released'; notBefore: Date | null; at: Date };

/** How an outcome changes the stored recipient: `write` false leaves the row as it is. */
export interface OutcomePlan {
  write: boolean;
  /** For a send WhatsApp accepted after a status webhook already moved the row: keep the status. */
  moves: boolean;
  /** The change as the API shows it (DISPATCHING reads PENDING); none when nothing visible moved. */
  change?: { from: string; to: string };
}

const target = { sent: 'SENT', failed: 'FAILED', released: 'PENDING' } as const;

/**
 * The outcome of our own send wins over our claim and over the sweeper's OUTCOME_UNKNOWN (we now
 * know); never over what WhatsApp said since (a status webhook came first): then an accepted send
 * only fills in the wamid and wa_id it lacks.
 */
export function planOutcome(
  current: Pick<LockedRecipient, 'status' | 'errorCode'>,
  outcome: SendOutcome,
): OutcomePlan {
  const ours =
    current.status === 'DISPATCHING' ||
    (current.status === 'FAILED' && current.errorCode === OUTCOME_UNKNOWN);
  if (!ours) return { write: outcome.kind === 'sent', moves: false };
  const from = shownStatus(current.status);
  const to = target[outcome.kind];
  return { write: true, moves: true, ...(from === to ? {} : { change: { from, to } }) };
}
