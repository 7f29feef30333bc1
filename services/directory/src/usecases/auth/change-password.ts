import { forbidden, invalid, transactThenPublish, unauthenticated } from '@inbox/platform';
import { hashPassword, verifyPassword } from '../../auth/secrets';
import { usersRepository } from '../../db/repositories/users.repository';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { checkPassword } from './accept-invite';
import { issueTokens, type IssuedTokens } from './issue-tokens';
import { replacePassword } from './replace-password';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

const wrongCurrent = () =>
  invalid('INVALID_CURRENT_PASSWORD', 'The current password is not correct', [
    { path: 'currentPassword', message: 'Not the current password' },
  ]);

/**
 * A signed-in user replaces their own password. Every session (this one's included) is ended and
 * this device gets fresh tokens, so a session opened with the old password cannot outlive it.
 * API keys cannot do this for their creator: a password is a person's, proven by the current one.
 */
export async function changePassword(
  deps: DirectoryDeps,
  caller: CallerContext,
  change: PasswordChange,
): Promise<IssuedTokens> {
  if (caller.kind !== 'USER' || !caller.userId)
    throw forbidden('Only a signed-in user can change their password');
  checkPassword(change.newPassword, 'newPassword');
  if (change.newPassword === change.currentPassword)
    throw invalid('VALIDATION_FAILED', 'The new password must differ from the current one', [
      { path: 'newPassword', message: 'Same as the current password' },
    ]);
  const user = await usersRepository.find(deps.db, caller.orgId, caller.userId);
  if (!user) throw unauthenticated('The user no longer exists');
  if (!user.passwordHash || !(await verifyPassword(change.currentPassword, user.passwordHash)))
    throw wrongCurrent();
  const passwordHash = await hashPassword(change.newPassword);
  const origin = { requestId: caller.requestId, actorId: user.id };
  const tokens = await transactThenPublish(deps, async (tx) => {
    // Locked and re-checked: of two concurrent changes from the same old password, one wins.
    const current = await usersRepository.findForUpdate(tx, caller.orgId, user.id);
    if (!current || current.passwordHash !== user.passwordHash) throw wrongCurrent();
    return issueTokens(deps, tx, await replacePassword(deps, tx, current, passwordHash, origin));
  });
  return tokens;
}
