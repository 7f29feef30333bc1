import { BOT_SERVICE_PRINCIPAL, type BotAnswer, type RestInteractive } from '@inbox/contracts';
import { serviceCaller, type CallerContext, type Db } from '@inbox/platform';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import type { MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { toWireInteractive } from '../messages/interactive';
import { deliverOutbound, insertOutbound, type PlatformSend } from '../messages/outbound';
import { withRetries } from '../messages/platform-call';
import type { StoredOutbound } from '../messages/send-outcome';

/** What the bot says: a text (greeting, fallback, handoff) or an intent's answer. */
export type BotReply = Exclude<BotAnswer, { type: 'handoff' }>;

/** The bot acting for one organization: its messages are stored with sender `bot`. */
export const botCaller = (orgId: number, requestId: string): CallerContext =>
  serviceCaller(BOT_SERVICE_PRINCIPAL, orgId, requestId);

/** The idempotency key of the bot's n-th message in answer to a customer message (1-based). */
export const botMessageKey = (customerMessageId: string, n: number) => `bot:${customerMessageId}:${n}`;

/**
 * Stores one of the bot's messages PENDING in the caller's transaction, on a conversation it has
 * locked and found still with the bot. Like a campaign's survey question, it moves neither the
 * status nor the assignee; it goes out after the commit (deliverBotMessages).
 */
export async function storeBotMessage(
  deps: InboxDeps,
  tx: Db,
  caller: CallerContext,
  conversation: ConversationRow,
  reply: BotReply,
  idempotencyKey: string,
): Promise<StoredOutbound> {
  const message = await insertOutbound(
    deps,
    tx,
    caller,
    conversation,
    {
      type: reply.type,
      text: reply.type === 'text' ? reply.text : null,
      content: reply.type === 'interactive' ? { interactive: reply.interactive } : null,
      idempotencyKey,
    },
    reply.type === 'text' ? reply.text : reply.interactive.body,
  );
  return { message, conversation };
}

function platformSend(deps: InboxDeps, message: MessageRow, waId: string): PlatformSend {
  return async (options) => {
    const client = await deps.channels.clientFor(message.orgId);
    const interactive = (message.content as { interactive?: RestInteractive } | null)?.interactive;
    if (message.type === 'interactive' && interactive)
      return withRetries(() => client.sendInteractive(waId, toWireInteractive(interactive), options));
    return withRetries(() => client.sendText(waId, message.text ?? '', options));
  };
}

/**
 * Sends the stored messages one after the other, in order (a greeting before its answer), through
 * the inbox's usual outbound path: SENT or FAILED on each, never sent twice. A failure is the
 * message's, not the turn's: the next message still goes.
 */
export async function deliverBotMessages(
  deps: InboxDeps,
  caller: CallerContext,
  stored: StoredOutbound[],
): Promise<void> {
  for (const item of stored) {
    try {
      await deliverOutbound(deps, caller, item, platformSend(deps, item.message, item.conversation.waId));
    } catch (err) {
      deps.logger.error({ err, messageId: item.message.id }, 'the bot could not send a message');
    }
  }
}
