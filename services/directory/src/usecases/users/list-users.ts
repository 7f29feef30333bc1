import { notFound } from '@inbox/platform';
import { usersRepository, type UserFilter, type UserRow } from '../../db/repositories/users.repository';
import { requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

export async function listUsers(
  deps: DirectoryDeps,
  caller: CallerContext,
  filter: UserFilter,
): Promise<UserRow[]> {
  requireOrganization(caller);
  return usersRepository.list(deps.db, caller.orgId, filter);
}

export async function getUser(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<UserRow> {
  requireOrganization(caller);
  const user = await usersRepository.find(deps.db, caller.orgId, id);
  if (!user) throw notFound('User');
  return user;
}
