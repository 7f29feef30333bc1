import { conflict, notFound } from '@inbox/platform';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import { requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { renewLinkToken, sendLinkMail } from './account-links';

/**
 * An Admin e-mails a user a one-time link to set a new password. Nothing else changes until the
 * link is used: the current password keeps working (a mistaken reset locks nobody out), and a
 * new link replaces the previous one. A user who never accepted their invitation gets it resent.
 */
export async function sendPasswordReset(
  deps: DirectoryDeps,
  caller: CallerContext,
  id: string,
): Promise<UserRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const { user, token } = await deps.db.transaction(async (tx) => {
    const row = await usersRepository.find(tx, caller.orgId, id);
    if (!row) throw notFound('User');
    if (!row.invitationAcceptedAt)
      throw conflict(
        'INVITATION_PENDING',
        'This user has not accepted their invitation yet: resend the invitation instead',
      );
    return { user: row, token: await renewLinkToken(deps, tx, row, 'passwordReset') };
  });
  await sendLinkMail(deps, user, 'passwordReset', token);
  return user;
}
