import { newId, signAccessToken, type Db } from '@inbox/platform';
import { newSecret, sha256 } from '../../auth/secrets';
import { refreshTokensRepository } from '../../db/repositories/refresh-tokens.repository';
import type { UserRow } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  user: UserRow;
}

/** A new access token and a refresh token in `familyId` (a new family at login). */
export async function issueTokens(
  deps: DirectoryDeps,
  tx: Db,
  user: UserRow,
  familyId = newId(),
): Promise<IssuedTokens> {
  const refreshToken = newSecret();
  const now = deps.now();
  await refreshTokensRepository.insert(tx, {
    id: newId(),
    orgId: user.orgId,
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(now.getTime() + deps.settings.refreshTokenTtlDays * 86_400_000),
  });
  const { accessTokenTtlSeconds, signingKeys } = deps.settings;
  return {
    accessToken: signAccessToken(
      signingKeys.privateKeyPem,
      { userId: user.id, orgId: user.orgId },
      accessTokenTtlSeconds,
    ),
    refreshToken,
    tokenType: 'Bearer',
    expiresIn: accessTokenTtlSeconds,
    user,
  };
}
