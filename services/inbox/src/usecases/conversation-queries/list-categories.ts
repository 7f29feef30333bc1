import { conversationQueriesRepository } from '../../db/repositories/conversation-queries.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';

/** The categories in use, for the inbox's category filter. */
export async function listCategories(deps: InboxDeps, caller: CallerContext): Promise<string[]> {
  requireOrganization(caller);
  return (await conversationQueriesRepository.categoryCounts(deps.db, caller.orgId)).map((c) => c.category);
}
