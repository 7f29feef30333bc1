import { conflict, isUniqueViolation } from '@inbox/platform';
import type { ConversationRow, ConversationView } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyAction, type ChangeContext } from './conversation-changes';
import { mutateConversation } from './mutate-conversation';

export const newerActive = () =>
  conflict(
    'NEWER_ACTIVE_CONVERSATION',
    'The contact already has an active conversation: continue there instead',
  );

/**
 * CLOSED → HUMAN_HANDLING with its assignee when that user is still active, else OPEN. Refused while
 * the contact has another active conversation (the partial unique index refuses it too, under races).
 */
export async function reopenStep(
  ctx: ChangeContext,
  row: ConversationRow,
  caller: CallerContext,
): Promise<ConversationRow> {
  // Anything but CLOSED: the state machine's INVALID_TRANSITION, before any other check.
  if (row.status !== 'CLOSED') return applyAction(ctx, row, 'reopen');
  if (await conversationsRepository.activeSibling(ctx.tx, row.orgId, row.waId, row.id)) throw newerActive();
  const assigneeActive =
    row.assignedTo !== null && (await ctx.deps.directory.isActiveUser(caller, row.assignedTo));
  return applyAction(ctx, row, 'reopen', { assignedTo: assigneeActive ? row.assignedTo : null });
}

export async function reopenConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  try {
    return await mutateConversation(deps, caller, id, (ctx, row) => reopenStep(ctx, row, caller));
  } catch (error) {
    if (isUniqueViolation(error)) throw newerActive();
    throw error;
  }
}
