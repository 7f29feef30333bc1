import { INBOX_EVENTS } from '@inbox/contracts';
import { conflict, invalid, notFound, transactThenPublish, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { actorOf, requireOrganization } from '../access';
import { requireWindowOpen } from './outbound';
import { providerFailure, withRetries } from './platform-call';

const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const graphemes = (s: string) => [...new Intl.Segmenter().segment(s)].length;

/** One emoji (a single grapheme, flags and skin tones included), or '' to remove the reaction. */
export function isReactionEmoji(emoji: string): boolean {
  return emoji === '' || (emoji.length <= 32 && graphemes(emoji) === 1 && PICTOGRAPH.test(emoji));
}

/** Reacts to a message through WhatsApp and shows the reaction on it; '' removes it. */
export async function reactToMessage(
  deps: InboxDeps,
  caller: CallerContext,
  input: { messageId: string; emoji: string },
): Promise<MessageRow> {
  requireOrganization(caller);
  if (!isReactionEmoji(input.emoji)) {
    const message = 'Give one emoji, or an empty string to remove the reaction';
    throw invalid('VALIDATION_FAILED', message, [{ path: 'emoji', message }]);
  }
  const target = await messagesRepository.find(deps.db, caller.orgId, input.messageId);
  if (!target) throw notFound('Message');
  const wamid = target.providerMessageId;
  if (!wamid)
    throw conflict('MESSAGE_NOT_SENT', 'This message never reached WhatsApp, so it cannot take a reaction');
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, target.conversationId);
  if (!conversation) throw notFound('Message');
  requireWindowOpen(conversation, deps.now());
  const client = await deps.channels.clientFor(caller.orgId);
  try {
    // The same reaction twice leaves the customer seeing it once: safe to repeat.
    await withRetries(() => client.sendReaction(conversation.waId, wamid, input.emoji), {
      safeToRepeat: true,
    });
  } catch (error) {
    throw providerFailure(error);
  }
  const row = await transactThenPublish(deps, async (tx) => {
    const updated = await messagesRepository.update(tx, caller.orgId, target.id, {
      reaction: input.emoji === '' ? null : input.emoji,
      updatedAt: deps.now(),
    });
    await deps.events.record(tx, caller, INBOX_EVENTS.messageUpdated, {
      conversationId: conversation.id,
      waId: conversation.waId,
      messageId: target.id,
      changes: ['reaction'],
      actorId: actorOf(caller),
    });
    return updated ?? target;
  });
  return row;
}
