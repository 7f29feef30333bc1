import { unauthenticated } from '@inbox/platform';
import { usersRepository } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';

export interface PrincipalView {
  orgId: number;
  kind: 'USER' | 'API_KEY';
  id: string;
  role: string;
  userId: string | null;
  expiresAt: Date | null;
  /** Users only: access tokens issued before this no longer speak for them. */
  sessionsValidAfter?: Date | null;
}

/** Who a valid access token speaks for right now: a deleted user is refused, a changed role applies at once. */
export async function getUserPrincipal(
  deps: DirectoryDeps,
  orgId: number,
  userId: string,
): Promise<PrincipalView> {
  const user = await usersRepository.find(deps.db, orgId, userId);
  if (!user) throw unauthenticated('The user no longer exists');
  return {
    orgId,
    kind: 'USER',
    id: user.id,
    role: user.role,
    userId: user.id,
    expiresAt: null,
    sessionsValidAfter: user.sessionsValidAfter,
  };
}
