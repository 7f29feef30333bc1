import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyAction } from './conversation-changes';
import { mutateConversation } from './mutate-conversation';

/** Closes the conversation; the customer's next message starts a new one. */
export async function resolveConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  return mutateConversation(deps, caller, id, (ctx, row) => applyAction(ctx, row, 'resolve'));
}
