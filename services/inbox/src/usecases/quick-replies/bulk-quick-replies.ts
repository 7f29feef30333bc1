import { QUICK_REPLY_BULK_ACTIONS, type QuickReplyBulkAction } from '@inbox/contracts';
import {
  invalid,
  notFound,
  runBulk,
  selectBulkIds,
  type BulkOutcome,
  type BulkSelection as Selection,
} from '@inbox/platform';
import { quickRepliesRepository } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { deleteQuickReplyOf } from './delete-quick-reply';

export interface BulkSelection extends Selection {
  action: string;
  /** With mode `all`: only quick replies whose shortcut, label or text contains it. */
  search?: string;
}

function checkedAction(selection: BulkSelection): QuickReplyBulkAction {
  const action = QUICK_REPLY_BULK_ACTIONS.find((a) => a === selection.action);
  if (!action)
    throw invalid('VALIDATION_FAILED', 'The bulk request is not valid', [
      { path: 'action', message: `Use one of ${QUICK_REPLY_BULK_ACTIONS.join(', ')}` },
    ]);
  return action;
}

async function apply(
  deps: InboxDeps,
  orgId: number,
  id: string,
  action: QuickReplyBulkAction,
): Promise<void> {
  if (action === 'delete') return deleteQuickReplyOf(deps, orgId, id);
  const row = await quickRepliesRepository.update(
    deps.db,
    orgId,
    id,
    { active: action === 'activate' },
    deps.now(),
  );
  if (!row) throw notFound('Quick reply');
}

/**
 * Each quick reply is changed on its own (one statement, its own transaction), so one failure does not
 * undo the others; unknown ids and other organizations' ids are reported as NOT_FOUND.
 */
export async function bulkQuickReplies(
  deps: InboxDeps,
  caller: CallerContext,
  selection: BulkSelection,
): Promise<BulkOutcome> {
  requireOrganization(caller);
  requireAdmin(caller);
  const action = checkedAction(selection);
  const ids = await selectBulkIds(selection, (limit) =>
    quickRepliesRepository.listIds(deps.db, caller.orgId, selection.search, limit),
  );
  return runBulk(ids, (id) => apply(deps, caller.orgId, id, action));
}
