import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { conflict, isUniqueViolation, notFound } from '@inbox/platform';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { Role } from '../../domain/vocabulary';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { emailTaken } from './create-user';

export interface UserPatch {
  name?: string;
  email?: string;
  role?: Role;
}

export const lastAdmin = () => conflict('LAST_ADMIN', 'The organization must keep at least one Admin');

export async function updateUser(
  deps: DirectoryDeps,
  caller: CallerContext,
  id: string,
  patch: UserPatch,
): Promise<UserRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const email = patch.email?.trim().toLowerCase();
  try {
    const user = await deps.db.transaction(async (tx) => {
      const current = await usersRepository.find(tx, caller.orgId, id);
      if (!current) throw notFound('User');
      if (email && email !== current.email && (await usersRepository.findByEmail(tx, caller.orgId, email)))
        throw emailTaken();
      if (patch.role === 'AGENT' && current.role === 'ADMIN') {
        await usersRepository.lockOrganizationAdmins(tx, caller.orgId);
        if ((await usersRepository.countOtherAdmins(tx, caller.orgId, id)) === 0) throw lastAdmin();
      }
      const row = (await usersRepository.update(tx, caller.orgId, id, {
        name: patch.name?.trim(),
        email,
        role: patch.role,
      }))!;
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.userUpdated, {
        userId: row.id,
        email: row.email,
        name: row.name,
        role: row.role as Role,
        actorId: actorOf(caller),
      });
      return row;
    });
    deps.events.flush();
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
