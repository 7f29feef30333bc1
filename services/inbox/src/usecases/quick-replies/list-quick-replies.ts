import { quickRepliesRepository, type QuickReplyRow } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';

/** Agents see the active quick replies; only an Admin may list the inactive ones too. */
export async function listQuickReplies(
  deps: InboxDeps,
  caller: CallerContext,
  options: { includeInactive: boolean },
): Promise<QuickReplyRow[]> {
  requireOrganization(caller);
  if (options.includeInactive) requireAdmin(caller);
  return quickRepliesRepository.list(deps.db, caller.orgId, options.includeInactive);
}
