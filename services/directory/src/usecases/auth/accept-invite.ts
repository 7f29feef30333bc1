import { DomainError, invalid } from '@inbox/platform';
import { hashPassword, sha256 } from '../../auth/secrets';
import { usersRepository } from '../../db/repositories/users.repository';
import { MIN_PASSWORD_LENGTH } from '../../domain/vocabulary';
import type { DirectoryDeps } from '../../deps';
import { issueTokens, type IssuedTokens } from './issue-tokens';

export function checkPassword(password: string, path = 'password'): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw invalid('VALIDATION_FAILED', 'The password is too short', [
      { path, message: `At least ${MIN_PASSWORD_LENGTH} characters` },
    ]);
}

/** Sets the invited user's password and signs them in; the invitation link works once. */
export async function acceptInvite(
  deps: DirectoryDeps,
  token: string,
  password: string,
): Promise<IssuedTokens> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const user = await usersRepository.findByInvitation(tx, sha256(token));
    if (!user || !user.invitationExpiresAt || user.invitationExpiresAt <= deps.now())
      throw new DomainError(
        'unauthenticated',
        'INVALID_INVITATION',
        'The invitation is invalid or has expired',
      );
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
