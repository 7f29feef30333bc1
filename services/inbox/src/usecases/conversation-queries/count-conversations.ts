import {
  conversationQueriesRepository,
  type ConversationCounts,
} from '../../db/repositories/conversation-queries.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { parseConversationFilter, type ConversationFilterInput } from './conversation-filter';

/** The sub-filter tabs' numbers for a filter; a sub-filter in the input is ignored, since every one is counted. */
export async function countConversations(
  deps: InboxDeps,
  caller: CallerContext,
  input: ConversationFilterInput | null | undefined,
): Promise<ConversationCounts> {
  requireOrganization(caller);
  const filter = parseConversationFilter({ ...input, subFilter: undefined }, caller);
  return conversationQueriesRepository.counts(deps.db, caller.orgId, filter, deps.now());
}
