import { notFound } from '@inbox/platform';
import { loadConversationView, type ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';

export async function getConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  requireOrganization(caller);
  const view = await loadConversationView(deps.db, caller.orgId, id);
  if (!view) throw notFound('Conversation');
  return view;
}
