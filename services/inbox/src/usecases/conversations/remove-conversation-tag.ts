import { INBOX_EVENTS } from '@inbox/contracts';
import type { ConversationView } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { mutateConversation } from './mutate-conversation';

/** Removing a tag the conversation does not have is a no-op; the tag's existence is not checked. */
export async function removeConversationTag(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  tagId: string,
): Promise<ConversationView> {
  return mutateConversation(deps, caller, id, async ({ tx, actorId }, row) => {
    if (!(await conversationsRepository.removeTag(tx, caller.orgId, row.id, tagId))) return;
    await conversationsRepository.update(tx, caller.orgId, row.id, { updatedAt: deps.now() });
    await deps.events.record(tx, caller, INBOX_EVENTS.conversationUpdated, {
      conversationId: row.id,
      waId: row.waId,
      changes: ['tagIds'],
      actorId,
    });
  });
}
