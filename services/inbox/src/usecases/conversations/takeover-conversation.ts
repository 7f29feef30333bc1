import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyAction } from './conversation-changes';
import { callerUserId, mutateConversation } from './mutate-conversation';

/** The caller takes the conversation: from the bot, from the queue, or from another agent. */
export async function takeoverConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  const userId = callerUserId(caller);
  return mutateConversation(deps, caller, id, (ctx, row) => applyAction(ctx, row, 'takeover', { userId }));
}
