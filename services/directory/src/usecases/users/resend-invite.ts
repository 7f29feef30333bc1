import { conflict, notFound } from '@inbox/platform';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import { requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { renewInvitation, sendInvitation } from './invitation';

/** A new link replaces the old one, whose token stops working. */
export async function resendInvite(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<UserRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const { user, token } = await deps.db.transaction(async (tx) => {
    const row = await usersRepository.find(tx, caller.orgId, id);
    if (!row) throw notFound('User');
    if (row.invitationAcceptedAt)
      throw conflict('INVITATION_ALREADY_ACCEPTED', 'This user has already accepted the invitation');
    return { user: row, token: await renewInvitation(deps, tx, row) };
  });
  await sendInvitation(deps, user, token);
  return (await usersRepository.find(deps.db, caller.orgId, id)) ?? user;
}
