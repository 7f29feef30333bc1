import { notFound } from '@inbox/platform';
import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { applyAction } from './conversation-changes';
import { cleanId } from './field-rules';
import { mutateConversation } from './mutate-conversation';

/** Only an active user of the caller's organization can be given a conversation; asked before the transaction. */
export async function requireAssignableUser(
  deps: InboxDeps,
  caller: CallerContext,
  userId: string,
): Promise<string> {
  requireOrganization(caller);
  const id = cleanId(userId, 'userId');
  if (!(await deps.directory.isActiveUser(caller, id))) throw notFound('User');
  return id;
}

export async function assignConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  userId: string,
): Promise<ConversationView> {
  const assignee = await requireAssignableUser(deps, caller, userId);
  return mutateConversation(deps, caller, id, (ctx, row) =>
    applyAction(ctx, row, 'assign', { userId: assignee }),
  );
}
