import { DomainError } from '@inbox/platform';
import { sha256 } from '../../auth/secrets';
import { refreshTokensRepository } from '../../db/repositories/refresh-tokens.repository';
import { usersRepository } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { issueTokens, type IssuedTokens } from './issue-tokens';

const refused = () =>
  new DomainError(
    'unauthenticated',
    'INVALID_REFRESH_TOKEN',
    'The refresh token is invalid, expired or revoked',
  );

/**
 * Rotation: each refresh token works once. Presenting one that was already used means it leaked
 * (or a client raced itself): the whole family is revoked and the user must log in again.
 */
export async function refresh(deps: DirectoryDeps, refreshToken: string): Promise<IssuedTokens> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await refreshTokensRepository.findByHash(tx, sha256(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= now) return null;
    if (row.rotatedAt || !(await refreshTokensRepository.markRotated(tx, row.id, now))) {
      await refreshTokensRepository.revokeFamily(tx, row.familyId, now);
      return 'reused' as const;
    }
    const user = await usersRepository.find(tx, row.orgId, row.userId);
    if (!user) return null;
    return issueTokens(deps, tx, user, row.familyId);
  });
  if (outcome === 'reused') deps.logger.warn('refresh token reused: family revoked');
  if (!outcome || outcome === 'reused') throw refused();
  return outcome;
}

/** Revokes the token's whole family (this device's session). Unknown tokens are ignored: logout always succeeds. */
export async function logout(deps: DirectoryDeps, refreshToken: string): Promise<void> {
  const row = await refreshTokensRepository.findByHash(deps.db, sha256(refreshToken));
  if (row) await refreshTokensRepository.revokeFamily(deps.db, row.familyId, deps.now());
}
