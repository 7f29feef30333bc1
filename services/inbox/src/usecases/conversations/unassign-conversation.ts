import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyAction } from './conversation-changes';
import { mutateConversation } from './mutate-conversation';

/** Releases the conversation to the queue (OPEN) for any agent to pick up. */
export async function unassignConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  return mutateConversation(deps, caller, id, (ctx, row) => applyAction(ctx, row, 'unassign'));
}
