import { PAGE_SIZE } from '@inbox/contracts';
import { notFound, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { requireOrganization } from '../access';

/** A conversation's messages, newest first; hidden ones included (flagged) so agents can unhide them. */
export async function listMessages(
  deps: InboxDeps,
  caller: CallerContext,
  input: { conversationId: string; cursor?: string; limit?: number },
): Promise<{ rows: MessageRow[]; nextCursor: string | null }> {
  requireOrganization(caller);
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, input.conversationId);
  if (!conversation) throw notFound('Conversation');
  const limit = Math.min(Math.max(Math.trunc(input.limit || PAGE_SIZE.default), 1), PAGE_SIZE.max);
  return messagesRepository.page(deps.db, caller.orgId, conversation.id, {
    cursor: input.cursor || undefined,
    limit,
  });
}
