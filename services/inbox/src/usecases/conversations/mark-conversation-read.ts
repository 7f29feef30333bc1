import type { ConversationView } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyFields } from './conversation-changes';
import { mutateConversation } from './mutate-conversation';

/**
 * Clears the unread count and, when there was something unread, tells the customer's phone (blue
 * ticks) after the commit. The receipt is a courtesy: it runs in the background, and its failure is
 * logged, never the caller's problem.
 */
export async function markConversationRead(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  let receiptFor: string | undefined;
  const view = await mutateConversation(deps, caller, id, async (ctx, row) => {
    if (row.unreadCount === 0) return;
    await applyFields(ctx, row, { unreadCount: 0 });
    receiptFor = await conversationsRepository.latestInboundProviderMessageId(ctx.tx, caller.orgId, id);
  });
  if (receiptFor) void sendReadReceipt(deps, caller.orgId, receiptFor);
  return view;
}

async function sendReadReceipt(deps: InboxDeps, orgId: number, providerMessageId: string): Promise<void> {
  try {
    await (await deps.channels.clientFor(orgId)).markRead(providerMessageId);
  } catch (err) {
    deps.logger.warn({ err, orgId, providerMessageId }, 'read receipt not delivered');
  }
}
