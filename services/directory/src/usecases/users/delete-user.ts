import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { conflict, notFound, transactThenPublish, type Db } from '@inbox/platform';
import { refreshTokensRepository } from '../../db/repositories/refresh-tokens.repository';
import { removeMembershipsOf, usersRepository } from '../../db/repositories/users.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { lastAdmin } from './update-user';

/**
 * Soft delete inside the caller's transaction: the row stays for history (messages keep their
 * author), refresh tokens are revoked, memberships removed. The gateway drops the user's cached
 * principal on `directory.user.deleted.v1`, and keys they created are refused from then on.
 */
export async function deleteUserIn(
  deps: DirectoryDeps,
  tx: Db,
  caller: CallerContext,
  id: string,
): Promise<void> {
  if (id === caller.userId) throw conflict('CANNOT_DELETE_SELF', 'You cannot delete your own user');
  const current = await usersRepository.find(tx, caller.orgId, id);
  if (!current) throw notFound('User');
  if (current.role === 'ADMIN') {
    await usersRepository.lockOrganizationAdmins(tx, caller.orgId);
    if ((await usersRepository.countOtherAdmins(tx, caller.orgId, id)) === 0) throw lastAdmin();
  }
  const now = deps.now();
  await usersRepository.update(tx, caller.orgId, id, {
    deletedAt: now,
    status: 'OFFLINE',
    invitationTokenHash: null,
  });
  await refreshTokensRepository.revokeAllOfUser(tx, id, now);
  await removeMembershipsOf(tx, caller.orgId, id);
  await deps.events.record(tx, caller, DIRECTORY_EVENTS.userDeleted, {
    userId: id,
    actorId: actorOf(caller),
  });
}

export async function deleteUser(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<void> {
  requireOrganization(caller);
  requireAdmin(caller);
  await transactThenPublish(deps, (tx) => deleteUserIn(deps, tx, caller, id));
}
