import { MIN_PASSWORD_LENGTH } from '@inbox/contracts';
import { DomainError, invalid } from '@inbox/platform';
import { hashPassword, sha256 } from '../../auth/secrets';
import { usersRepository } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { issueTokens, type IssuedTokens } from './issue-tokens';

export function checkPassword(password: string, path = 'password'): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw invalid('VALIDATION_FAILED', 'The password is too short', [
      { path, message: `At least ${MIN_PASSWORD_LENGTH} characters` },
    ]);
}

const invalidInvitation = () =>
  new DomainError('unauthenticated', 'INVALID_INVITATION', 'The invitation is invalid or has expired');

/**
 * Sets the invited user's password and signs them in; the invitation link works once. The token is
 * looked up before the (slow) password hash, so a flood of made-up tokens costs no hashing.
 */
export async function acceptInvite(
  deps: DirectoryDeps,
  token: string,
  password: string,
): Promise<IssuedTokens> {
  checkPassword(password);
  const tokenHash = sha256(token);
  const usable = (user: { invitationExpiresAt: Date | null } | undefined) =>
    user?.invitationExpiresAt && user.invitationExpiresAt > deps.now();
  if (!usable(await usersRepository.findByInvitation(deps.db, tokenHash))) throw invalidInvitation();
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    // Locked and re-checked: the invitation may have been used, resent or revoked while the password
    // hashed, and of two uses of one link at once only one may set the password.
    const found = await usersRepository.findByInvitation(tx, tokenHash);
    const user = found && (await usersRepository.findForUpdate(tx, found.orgId, found.id));
    if (!user || user.invitationTokenHash !== tokenHash || !usable(user)) throw invalidInvitation();
    const row = (await usersRepository.update(tx, user.orgId, user.id, {
      passwordHash,
      invitationTokenHash: null,
      invitationExpiresAt: null,
      invitationAcceptedAt: deps.now(),
      lastLoginAt: deps.now(),
    }))!;
    return issueTokens(deps, tx, row);
  });
}
