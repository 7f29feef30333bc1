import { DomainError, transactThenPublish } from '@inbox/platform';
import { hashPassword, sha256 } from '../../auth/secrets';
import { usersRepository } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { checkPassword } from './accept-invite';
import { issueTokens, type IssuedTokens } from './issue-tokens';
import { replacePassword } from './replace-password';

const invalidLink = () =>
  new DomainError('unauthenticated', 'INVALID_RESET_TOKEN', 'The reset link is invalid or has expired');

/**
 * Sets the password from an Admin-sent reset link and signs the user in; the link works once and
 * every other session ends. The token is looked up before the (slow) password hash, so guessing
 * tokens costs the server nothing.
 */
export async function resetPassword(
  deps: DirectoryDeps,
  token: string,
  password: string,
  requestId = 'reset-password',
): Promise<IssuedTokens> {
  checkPassword(password);
  const tokenHash = sha256(token);
  const usable = (user: { passwordResetExpiresAt: Date | null } | undefined) =>
    user?.passwordResetExpiresAt && user.passwordResetExpiresAt > deps.now();
  if (!usable(await usersRepository.findByPasswordReset(deps.db, tokenHash))) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const tokens = await transactThenPublish(deps, async (tx) => {
    const found = await usersRepository.findByPasswordReset(tx, tokenHash);
    // Locked and re-checked: two uses of one link at once, only one sets the password.
    const user = found && (await usersRepository.findForUpdate(tx, found.orgId, found.id));
    if (!user || user.passwordResetTokenHash !== tokenHash || !usable(user)) throw invalidLink();
    const row = await replacePassword(deps, tx, user, passwordHash, { requestId, actorId: user.id });
    return issueTokens(
      deps,
      tx,
      (await usersRepository.update(tx, row.orgId, row.id, { lastLoginAt: deps.now() }))!,
    );
  });
  return tokens;
}
