import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { conflict, isUniqueViolation, notFound, transactThenPublish, type Db } from '@inbox/platform';
import { apiKeysRepository } from '../../db/repositories/api-keys.repository';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { Role } from '@inbox/contracts';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { emailTaken } from './create-user';
import { renewInvitation, sendInvitation } from './invitation';

export interface UserPatch {
  name?: string;
  email?: string;
  role?: Role;
}

export const lastAdmin = () => conflict('LAST_ADMIN', 'The organization must keep at least one Admin');

/**
 * A changed role changes the effective role of every key the user created: each key gets its
 * own `api_key.updated` event, so every gateway drops it from its cache by key id too.
 */
async function recordKeysChanged(deps: DirectoryDeps, tx: Db, caller: CallerContext, userId: string) {
  for (const apiKeyId of await apiKeysRepository.idsCreatedBy(tx, caller.orgId, userId))
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.apiKeyUpdated, {
      apiKeyId,
      actorId: actorOf(caller),
    });
}

/**
 * A new e-mail address: links sent to the old one stop working. A pending user's invitation goes
 * again to the new address (the mistyped one may belong to someone else); a pending reset link
 * is dropped. Returns the new invitation token, if any, to send after the commit.
 */
async function moveLinksToNewAddress(deps: DirectoryDeps, tx: Db, user: UserRow): Promise<string | null> {
  await usersRepository.update(tx, user.orgId, user.id, {
    passwordResetTokenHash: null,
    passwordResetExpiresAt: null,
  });
  return user.invitationAcceptedAt ? null : renewInvitation(deps, tx, user);
}

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
    const { user, invitation } = await transactThenPublish(deps, async (tx) => {
      const current = await usersRepository.find(tx, caller.orgId, id);
      if (!current) throw notFound('User');
      const emailChanged = email !== undefined && email !== current.email;
      if (emailChanged && (await usersRepository.findByEmail(tx, caller.orgId, email))) throw emailTaken();
      if (patch.role === 'AGENT' && current.role === 'ADMIN') {
        await usersRepository.lockOrganizationAdmins(tx, caller.orgId);
        if ((await usersRepository.countOtherAdmins(tx, caller.orgId, id)) === 0) throw lastAdmin();
      }
      const row = (await usersRepository.update(tx, caller.orgId, id, {
        name: patch.name?.trim(),
        email,
        role: patch.role,
      }))!;
      if (patch.role && patch.role !== current.role) await recordKeysChanged(deps, tx, caller, id);
      const invitation = emailChanged ? await moveLinksToNewAddress(deps, tx, row) : null;
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.userUpdated, {
        userId: row.id,
        email: row.email,
        name: row.name,
        role: row.role as Role,
        actorId: actorOf(caller),
      });
      return { user: row, invitation };
    });
    if (invitation) await sendInvitation(deps, user, invitation);
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
