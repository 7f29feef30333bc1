import { notFound, transactThenPublish } from '@inbox/platform';
import { hashPassword } from '../../auth/secrets';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { checkPassword } from './accept-invite';
import { replacePassword } from './replace-password';

/**
 * The operator's way back in (`npm run admin:reset-password`): sets a user's password from the
 * command line, ends their sessions, and completes a pending invitation. Only someone with the
 * database can run it, so it needs no caller.
 */
export async function setPasswordByOperator(
  deps: DirectoryDeps,
  target: { clientId: number; email: string },
  password: string,
): Promise<UserRow> {
  checkPassword(password);
  const email = target.email.trim().toLowerCase();
  const found = await usersRepository.findByEmail(deps.db, target.clientId, email);
  if (!found) throw notFound('User');
  const passwordHash = await hashPassword(password);
  const updated = await transactThenPublish(deps, async (tx) => {
    const user = await usersRepository.findForUpdate(tx, found.orgId, found.id);
    if (!user) throw notFound('User');
    const row = await replacePassword(deps, tx, user, passwordHash, { requestId: 'cli', actorId: null });
    if (row.invitationAcceptedAt) return row;
    return (await usersRepository.update(tx, row.orgId, row.id, {
      invitationAcceptedAt: deps.now(),
      invitationTokenHash: null,
      invitationExpiresAt: null,
    }))!;
  });
  return updated;
}
