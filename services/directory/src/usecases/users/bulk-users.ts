import { DomainError, invalid } from '@inbox/platform';
import { usersRepository, type UserFilter } from '../../db/repositories/users.repository';
import { requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { deleteUserIn } from './delete-user';

export interface BulkSelection {
  action: string;
  mode: string;
  ids: string[];
  filter?: UserFilter;
}

export interface BulkOutcome {
  succeeded: string[];
  failed: Array<{ id: string; code: string; message: string }>;
}

export const MAX_BULK_IDS = 500;

/** Each user is deleted in its own transaction, so one refusal (the last Admin, yourself) does not undo the others. */
export async function bulkUsers(
  deps: DirectoryDeps,
  caller: CallerContext,
  selection: BulkSelection,
): Promise<BulkOutcome> {
  requireOrganization(caller);
  requireAdmin(caller);
  if (selection.action !== 'delete')
    throw invalid('VALIDATION_FAILED', 'Unknown bulk action', [{ path: 'action', message: 'Use delete' }]);
  const ids =
    selection.mode === 'all'
      ? await usersRepository.listIds(deps.db, caller.orgId, selection.filter ?? {})
      : [...new Set(selection.ids)];
  if (ids.length > MAX_BULK_IDS)
    throw invalid('VALIDATION_FAILED', `At most ${MAX_BULK_IDS} users at once`, [
      { path: 'selection', message: 'Too many users' },
    ]);
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await deps.db.transaction((tx) => deleteUserIn(deps, tx, caller, id));
      outcome.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.failed.push({ id, code: error.code, message: error.message });
    }
  }
  deps.events.flush();
  return outcome;
}
