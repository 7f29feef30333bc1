import { DomainError, invalid, notFound, type FieldError } from '@inbox/platform';
import { quickRepliesRepository } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { deleteQuickReplyOf } from './delete-quick-reply';

export const BULK_ACTIONS = ['delete', 'activate', 'deactivate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const MAX_BULK_IDS = 500;

export interface BulkSelection {
  action: string;
  mode: string;
  /** With mode `ids`. */
  ids: string[];
  /** With mode `all`: only quick replies whose shortcut, label or text contains it. */
  search?: string;
}

export interface BulkOutcome {
  succeeded: string[];
  failed: Array<{ id: string; code: string; message: string }>;
}

function checkSelection(selection: BulkSelection): BulkAction {
  const errors: FieldError[] = [];
  const action = BULK_ACTIONS.find((a) => a === selection.action);
  if (!action) errors.push({ path: 'action', message: `Use one of ${BULK_ACTIONS.join(', ')}` });
  if (selection.mode === 'ids') {
    if (selection.ids.length < 1 || selection.ids.length > MAX_BULK_IDS)
      errors.push({ path: 'selection.ids', message: `Give 1 to ${MAX_BULK_IDS} ids` });
  } else if (selection.mode !== 'all') {
    errors.push({ path: 'selection.mode', message: 'Use ids or all' });
  }
  if (errors.length > 0 || !action)
    throw invalid('VALIDATION_FAILED', 'The bulk request is not valid', errors);
  return action;
}

async function apply(deps: InboxDeps, orgId: number, id: string, action: BulkAction): Promise<void> {
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
  const action = checkSelection(selection);
  const ids =
    selection.mode === 'all'
      ? await quickRepliesRepository.listIds(deps.db, caller.orgId, selection.search)
      : [...new Set(selection.ids)];
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await apply(deps, caller.orgId, id, action);
      outcome.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.failed.push({ id, code: error.code, message: error.message });
    }
  }
  return outcome;
}
