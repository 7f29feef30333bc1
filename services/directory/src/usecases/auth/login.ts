import { DomainError } from '@inbox/platform';
import { decoyPasswordHash, verifyPassword } from '../../auth/secrets';
import { usersRepository } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { issueTokens, type IssuedTokens } from './issue-tokens';

export interface Credentials {
  clientId: number;
  email: string;
  password: string;
}

export const invalidCredentials = () =>
  new DomainError('unauthenticated', 'INVALID_CREDENTIALS', 'Invalid organization, e-mail or password');

/** The same answer, after the same work, whether the e-mail is unknown or the password wrong. */
export async function login(deps: DirectoryDeps, credentials: Credentials): Promise<IssuedTokens> {
  const user = await usersRepository.findByEmail(
    deps.db,
    credentials.clientId,
    credentials.email.trim().toLowerCase(),
  );
  const ok = await verifyPassword(credentials.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !user.passwordHash || !ok) throw invalidCredentials();
  const tokens = await deps.db.transaction(async (tx) => {
    const row = (await usersRepository.update(tx, user.orgId, user.id, { lastLoginAt: deps.now() }))!;
    return issueTokens(deps, tx, row);
  });
  return tokens;
}
