import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { forbidden, notFound, transactThenPublish } from '@inbox/platform';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import { actorOf, requireOrganization } from '../../domain/access';
import type { UserStatus } from '@inbox/contracts';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** A user sets their own status; an Admin may set anyone's (e.g. to put an absent agent OFFLINE). */
export async function setUserStatus(
  deps: DirectoryDeps,
  caller: CallerContext,
  id: string,
  status: UserStatus,
): Promise<UserRow> {
  requireOrganization(caller);
  if (caller.role !== 'ADMIN' && caller.userId !== id) throw forbidden('You can only change your own status');
  const user = await transactThenPublish(deps, async (tx) => {
    const current = await usersRepository.find(tx, caller.orgId, id);
    if (!current) throw notFound('User');
    if (current.status === status) return current;
    const now = deps.now();
    const row = (await usersRepository.update(tx, caller.orgId, id, { status, statusChangedAt: now }))!;
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.userStatusChanged, {
      userId: id,
      from: current.status,
      to: status,
      changedAt: now.toISOString(),
      actorId: actorOf(caller),
    });
    return row;
  });
  return user;
}
