import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { conflict, isUniqueViolation, newId, transactThenPublish } from '@inbox/platform';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { Role } from '@inbox/contracts';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { renewInvitation, sendInvitation } from './invitation';

export interface NewUser {
  email: string;
  name: string;
  role?: Role;
}

export const emailTaken = () =>
  conflict('EMAIL_TAKEN', 'A user with this e-mail already exists in the organization');

/** Creates the user with a pending invitation and e-mails them the link to set a password. */
export async function createUser(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: NewUser,
): Promise<UserRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const email = input.email.trim().toLowerCase();
  try {
    const { user, token } = await transactThenPublish(deps, async (tx) => {
      if (await usersRepository.findByEmail(tx, caller.orgId, email)) throw emailTaken();
      const row = await usersRepository.insert(tx, {
        id: newId(),
        orgId: caller.orgId,
        email,
        name: input.name.trim(),
        role: input.role ?? 'AGENT',
        status: 'OFFLINE',
      });
      const invitation = await renewInvitation(deps, tx, row);
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.userCreated, {
        userId: row.id,
        email,
        name: row.name,
        role: row.role as Role,
        actorId: actorOf(caller),
      });
      return { user: row, token: invitation };
    });
    await sendInvitation(deps, user, token);
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
