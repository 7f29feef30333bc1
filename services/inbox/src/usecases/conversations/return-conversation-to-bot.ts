import { botStateRepository } from '../../db/repositories/bot-state.repository';
import type { ConversationRow, ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyAction, applyFields, type ChangeContext } from './conversation-changes';
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
    return returnToBot(ctx, await applyFields(ctx, row, { handoffSummary: summary }));
  });
}

/**
 * → BOT_HANDLING (return-to-bot, or PATCH with that status): the bot resumes with its context
 * from now (earlier messages are not its transcript, misunderstandings count from zero).
 */
export async function returnToBot(ctx: ChangeContext, row: ConversationRow): Promise<ConversationRow> {
  const returned = await applyAction(ctx, row, 'return_to_bot');
  if (row.status !== 'BOT_HANDLING')
    await botStateRepository.resume(ctx.tx, row.orgId, row.id, wholeSecond(ctx.deps.now()));
  return returned;
}

/**
 * Customer messages carry the platform's whole-second time: one written in the same second as the
 * return would otherwise read as older than it, and be left out of the bot's context.
 */
const wholeSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);
