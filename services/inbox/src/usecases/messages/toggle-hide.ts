import { INBOX_EVENTS } from '@inbox/contracts';
import { notFound, transactThenPublish, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { actorOf, requireOrganization } from '../access';

/** Hides a message from the conversation view, or shows it again. */
export async function toggleHide(
  deps: InboxDeps,
  caller: CallerContext,
  messageId: string,
): Promise<MessageRow> {
  requireOrganization(caller);
  const row = await transactThenPublish(deps, async (tx) => {
    const message = await messagesRepository.toggleHidden(tx, caller.orgId, messageId, deps.now());
    if (!message) throw notFound('Message');
    const conversation = await conversationsRepository.find(tx, caller.orgId, message.conversationId);
    await deps.events.record(tx, caller, INBOX_EVENTS.messageUpdated, {
      conversationId: message.conversationId,
      waId: conversation?.waId ?? '',
      messageId,
      changes: ['hidden'],
      actorId: actorOf(caller),
    });
    return message;
  });
  return row;
}
