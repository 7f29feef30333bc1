import {
  conversationQueriesRepository,
  type CategoryCount,
} from '../../db/repositories/conversation-queries.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';

/** Raw categories with their conversation counts: near-duplicates sort next to each other for merging. */
export async function countCategories(deps: InboxDeps, caller: CallerContext): Promise<CategoryCount[]> {
  requireOrganization(caller);
  requireAdmin(caller);
  return conversationQueriesRepository.categoryCounts(deps.db, caller.orgId);
}
