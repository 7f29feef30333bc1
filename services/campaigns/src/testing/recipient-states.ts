import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { campaignRecipients, type StoredRecipientStatus } from '../db/schema';

/** What a test sets on recipients, as workers and status webhooks would have. */
export interface RecipientState {
  status: StoredRecipientStatus;
  errorCode?: string;
  errorTitle?: string;
  sentAt?: Date;
  cost?: number;
}

/**
 * Moves the recipients at these positions of a campaign to a state, in the database only (for
 * tests of what reads them: stats, lists, resume). The moves themselves are tested where they
 * happen (sending/, usecases/statuses/).
 */
export async function setRecipientStates(
  db: Db,
  campaignId: string,
  seqs: number[],
  state: RecipientState,
): Promise<void> {
  const sent =
    state.sentAt ?? (['PENDING', 'DISPATCHING', 'FAILED'].includes(state.status) ? null : new Date());
  await db
    .update(campaignRecipients)
    .set({
      status: state.status,
      errorCode: state.errorCode ?? null,
      errorTitle: state.errorTitle ?? null,
      sentAt: sent,
      cost: state.cost ?? null,
      leaseUntil: state.status === 'DISPATCHING' ? new Date(Date.now() + 60_000) : null,
    })
    .where(and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.seq, seqs)));
}
