import { USER_BULK_ACTIONS } from '@inbox/contracts';
import {
  invalid,
  runBulk,
  selectBulkIds,
  transactThenPublish,
  type BulkOutcome,
  type BulkSelection as Selection,
} from '@inbox/platform';
import { usersRepository, type UserFilter } from '../../db/repositories/users.repository';
import { requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { deleteUserIn } from './delete-user';

export interface BulkSelection extends Selection {
  action: string;
  /** With mode `all`: only the users matching it. */
  filter?: UserFilter;
}

/** Each user is deleted in its own transaction, so one refusal (the last Admin, yourself) does not undo the others. */
export async function bulkUsers(
  deps: DirectoryDeps,
  caller: CallerContext,
  selection: BulkSelection,
): Promise<BulkOutcome> {
  requireOrganization(caller);
  requireAdmin(caller);
  if (!(USER_BULK_ACTIONS as readonly string[]).includes(selection.action))
    throw invalid('VALIDATION_FAILED', 'Unknown bulk action', [
      { path: 'action', message: `Use ${USER_BULK_ACTIONS.join(', ')}` },
    ]);
  const ids = await selectBulkIds(selection, (limit) =>
    usersRepository.listIds(deps.db, caller.orgId, selection.filter ?? {}, limit),
  );
  return runBulk(ids, (id) => transactThenPublish(deps, (tx) => deleteUserIn(deps, tx, caller, id)));
}
