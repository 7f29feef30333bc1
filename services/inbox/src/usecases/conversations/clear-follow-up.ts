import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyFields } from './conversation-changes';
import { mutateConversation } from './mutate-conversation';

export async function clearFollowUp(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  return mutateConversation(deps, caller, id, (ctx, row) =>
    applyFields(ctx, row, { followUp: false, followUpNote: null }),
  );
}
