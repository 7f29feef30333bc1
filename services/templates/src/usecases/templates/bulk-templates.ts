import { TEMPLATE_BULK_ACTIONS, type TemplateBulkAction } from '@inbox/contracts';
import {
  invalid,
  requireAdmin,
  requireOrganization,
  runBulk,
  selectBulkIds,
  type BulkOutcome,
} from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { checkFilter, type TemplateFilterInput } from './list-templates';
import { removeTemplateOf } from './remove-template';
import { setTemplateLabel } from './set-template-labels';
import { checkLabel } from './template-labels';

export interface BulkTemplatesRequest {
  action: string;
  /** ids | all */
  mode: string;
  ids: readonly string[];
  /** With mode `all`: the list's filters (no status: APPROVED, as the list). */
  filter?: TemplateFilterInput;
  /** With `move` (unset or empty: out of any folder). */
  folder?: string;
  /** With `set_inbox_category` (unset or empty: none). */
  inboxCategory?: string;
}

function checkedAction(action: string): TemplateBulkAction {
  const known = TEMPLATE_BULK_ACTIONS.find((a) => a === action);
  if (!known)
    throw invalid('VALIDATION_FAILED', 'The bulk request is not valid', [
      { path: 'action', message: `Use one of ${TEMPLATE_BULK_ACTIONS.join(', ')}` },
    ]);
  return known;
}

/** The change one template gets; checked once, before anything runs. */
function changeFor(
  deps: TemplatesDeps,
  caller: CallerContext,
  request: BulkTemplatesRequest,
): (id: string) => Promise<unknown> {
  const action = checkedAction(request.action);
  if (action === 'delete') return (id) => removeTemplateOf(deps, caller, id);
  if (action === 'move') {
    const folder = checkLabel(request.folder, 'folder');
    return (id) => setTemplateLabel(deps, caller, id, 'folder', folder);
  }
  const category = checkLabel(request.inboxCategory, 'inboxCategory');
  return (id) => setTemplateLabel(deps, caller, id, 'inboxCategory', category);
}

/**
 * Admin: `delete` (REMOVED here, as DELETE /templates/{id}), `move` (folder) or
 * `set_inbox_category` for the ids given or every template matching the filters, at most 500 in
 * either mode. Each template changes on its own; unknown and other organizations' ids fail as NOT_FOUND.
 */
export async function bulkTemplates(
  deps: TemplatesDeps,
  caller: CallerContext,
  request: BulkTemplatesRequest,
): Promise<BulkOutcome> {
  requireOrganization(caller);
  requireAdmin(caller);
  const change = changeFor(deps, caller, request);
  const filter = request.mode === 'all' ? checkFilter(request.filter) : undefined;
  const ids = await selectBulkIds(request, (limit) =>
    filter ? templatesRepository.listIds(deps.db, caller.orgId, filter, limit) : Promise.resolve([]),
  );
  return runBulk(ids, async (id) => {
    await change(id);
  });
}
