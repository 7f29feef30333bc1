import { conflict, notFound, transactThenPublish } from '@inbox/platform';
import {
  loadConversationView,
  type ConversationRow,
  type ConversationView,
} from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { actorOf, requireOrganization } from '../access';
import type { ChangeContext } from './conversation-changes';

/**
 * Runs an agent's change on one conversation of the caller's organization: one transaction, the row
 * locked first (concurrent actions serialize), events flushed after the commit. Another
 * organization's id is a 404 like an unknown one.
 */
export async function mutateConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  change: (ctx: ChangeContext, row: ConversationRow) => Promise<unknown>,
): Promise<ConversationView> {
  requireOrganization(caller);
  const view = await transactThenPublish(deps, async (tx) => {
    const row = await conversationsRepository.lock(tx, caller.orgId, id);
    if (!row) throw notFound('Conversation');
    await change({ deps, tx, origin: caller, actorId: actorOf(caller), by: 'agent' }, row);
    return (await loadConversationView(tx, caller.orgId, id)) as ConversationView;
  });
  return view;
}

/** The user a takeover assigns: an API key created by nobody cannot own a conversation. */
export function callerUserId(caller: CallerContext): string {
  if (!caller.userId)
    throw conflict(
      'NO_USER',
      'An API key without a user cannot own a conversation: assign it to a user instead',
    );
  return caller.userId;
}
