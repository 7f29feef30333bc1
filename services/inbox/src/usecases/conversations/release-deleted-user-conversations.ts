import type { Db, EventOrigin } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { InboxDeps } from '../../deps';
import { applyAction } from './conversation-changes';

/**
 * The directory deleted a user: their active conversations go back to the queue (OPEN, unassigned)
 * instead of waiting on someone who will never answer. Closed ones keep their history.
 */
export async function releaseDeletedUserConversations(
  deps: InboxDeps,
  tx: Db,
  origin: EventOrigin,
  userId: string,
  actorId: string | null,
): Promise<number> {
  const rows = await conversationsRepository.lockActiveAssignedTo(tx, origin.orgId, userId);
  const ctx = { deps, tx, origin, actorId, by: 'system' as const };
  for (const row of rows) await applyAction(ctx, row, 'unassign', { reason: 'user_deleted' });
  return rows.length;
}
