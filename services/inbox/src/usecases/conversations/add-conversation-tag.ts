import { INBOX_EVENTS } from '@inbox/contracts';
import { notFound } from '@inbox/platform';
import type { ConversationView } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { cleanId } from './field-rules';
import { mutateConversation } from './mutate-conversation';

/** Idempotent: a tag already on the conversation is left as it is, with no event. */
export async function addConversationTag(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  tagId: string,
): Promise<ConversationView> {
  requireOrganization(caller);
  const tag = cleanId(tagId, 'tagId');
  // Tags live in the directory: another organization's tag is as unknown as a made-up id.
  if (!(await deps.directory.tagExists(caller, tag))) throw notFound('Tag');
  return mutateConversation(deps, caller, id, async ({ tx, actorId }, row) => {
    if (!(await conversationsRepository.addTag(tx, caller.orgId, row.id, tag))) return;
    await conversationsRepository.update(tx, caller.orgId, row.id, { updatedAt: deps.now() });
    await deps.events.record(tx, caller, INBOX_EVENTS.conversationUpdated, {
      conversationId: row.id,
      waId: row.waId,
      changes: ['tagIds'],
      actorId,
    });
  });
}
