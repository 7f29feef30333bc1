import { DIRECTORY_EVENTS } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { refreshTokensRepository } from '../../db/repositories/refresh-tokens.repository';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import type { Role } from '@inbox/contracts';
import type { DirectoryDeps } from '../../deps';

/** Who replaced the password, for the event: the request, and the user behind it (null: the operator). */
export interface PasswordChangeOrigin {
  requestId: string;
  actorId: string | null;
}

/**
 * The one way a password changes after the invitation (change, reset link, operator CLI): every
 * session ends — refresh tokens are revoked, and access tokens issued before now stop working
 * (whole seconds, as tokens carry their issue time; the gateways drop the cached principal on the
 * `user.updated` event) — and any pending reset link stops working. The caller flushes events.
 */
export async function replacePassword(
  deps: DirectoryDeps,
  tx: Db,
  user: UserRow,
  passwordHash: string,
  origin: PasswordChangeOrigin,
): Promise<UserRow> {
  const now = deps.now();
  const row = (await usersRepository.update(tx, user.orgId, user.id, {
    passwordHash,
    passwordResetTokenHash: null,
    passwordResetExpiresAt: null,
    sessionsValidAfter: new Date(Math.floor(now.getTime() / 1000) * 1000),
  }))!;
  await refreshTokensRepository.revokeAllOfUser(tx, user.id, now);
  await deps.events.record(
    tx,
    { orgId: user.orgId, requestId: origin.requestId },
    DIRECTORY_EVENTS.userUpdated,
    {
      userId: row.id,
      email: row.email,
      name: row.name,
      role: row.role as Role,
      actorId: origin.actorId,
    },
  );
  return row;
}
