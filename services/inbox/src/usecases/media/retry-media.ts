import { INBOX_EVENTS } from '@inbox/contracts';
import { conflict, notFound, transactThenPublish, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { actorOf, requireOrganization } from '../access';

/** A download PENDING this long is taken to be lost (its job parked or dropped), so it may be retried. */
export const STUCK_PENDING_MS = 10 * 60 * 1000;

const notRetryable = (why: string) => conflict('MEDIA_NOT_RETRYABLE', why);

/** Asks for an inbound media download again: the message goes back to PENDING and the job is queued. */
export async function retryMedia(
  deps: InboxDeps,
  caller: CallerContext,
  messageId: string,
): Promise<MessageRow> {
  requireOrganization(caller);
  const now = deps.now();
  const row = await transactThenPublish(deps, async (tx) => {
    const message = await messagesRepository.lock(tx, caller.orgId, messageId);
    if (!message) throw notFound('Message');
    const providerMediaId = message.providerMediaId;
    if (message.direction !== 'inbound' || !providerMediaId || !message.mediaStatus) {
      throw notRetryable('Only media a customer sent can be downloaded again');
    }
    const stuck =
      message.mediaStatus === 'PENDING' && now.getTime() - message.updatedAt.getTime() > STUCK_PENDING_MS;
    if (message.mediaStatus !== 'FAILED' && !stuck) {
      throw notRetryable(
        message.mediaStatus === 'READY'
          ? 'The media is already downloaded'
          : 'The download is still in progress',
      );
    }
    const updated = await messagesRepository.update(tx, caller.orgId, message.id, {
      mediaStatus: 'PENDING',
      mediaError: null,
      updatedAt: now,
    });
    const conversation = await conversationsRepository.find(tx, caller.orgId, message.conversationId);
    await deps.events.record(tx, caller, INBOX_EVENTS.mediaDownloadRequested, {
      messageId: message.id,
      providerMediaId,
    });
    await deps.events.record(tx, caller, INBOX_EVENTS.messageUpdated, {
      conversationId: message.conversationId,
      waId: conversation?.waId ?? '',
      messageId: message.id,
      changes: ['media'],
      actorId: actorOf(caller),
    });
    return updated ?? message;
  });
  return row;
}
