import { botStateRepository } from '../../db/repositories/bot-state.repository';
import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyAction, applyFields } from './conversation-changes';
import { cleanText, LIMITS } from './field-rules';
import { mutateConversation } from './mutate-conversation';

/**
 * Hands the conversation back to the bot, unassigned; a summary given replaces the stored one, else
 * it is kept. The bot resumes with that summary as its context: what people said before is no longer
 * its transcript, misunderstandings count from zero, and it does not greet again.
 */
export async function returnConversationToBot(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  handoffSummary?: string,
): Promise<ConversationView> {
  const summary = cleanText(handoffSummary, 'handoffSummary', LIMITS.handoffSummary, 'null');
  // A refused move (a closed conversation) rolls the summary back with it.
  return mutateConversation(deps, caller, id, async (ctx, row) => {
    const returned = await applyAction(
      ctx,
      await applyFields(ctx, row, { handoffSummary: summary }),
      'return_to_bot',
    );
    if (row.status !== 'BOT_HANDLING') await botStateRepository.resume(ctx.tx, row.orgId, row.id, deps.now());
    return returned;
  });
}
