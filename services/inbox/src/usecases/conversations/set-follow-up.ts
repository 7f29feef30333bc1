import type { ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { applyFields } from './conversation-changes';
import { cleanText, LIMITS } from './field-rules';
import { mutateConversation } from './mutate-conversation';

/** Flags the conversation for follow-up; the note given replaces the previous one (none clears it). */
export async function setFollowUp(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  note?: string,
): Promise<ConversationView> {
  const followUpNote = cleanText(note ?? null, 'note', LIMITS.followUpNote, 'null');
  return mutateConversation(deps, caller, id, (ctx, row) =>
    applyFields(ctx, row, { followUp: true, followUpNote }),
  );
}
