import type { Db } from '@inbox/platform';
import { newSecret, sha256 } from '../../auth/secrets';
import { organizationsRepository } from '../../db/repositories/organizations.repository';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { invitationMail } from '../../mail/mailer';

/** Gives the user a fresh invitation token (the previous link stops working); returns the token. */
export async function renewInvitation(deps: DirectoryDeps, tx: Db, user: UserRow): Promise<string> {
  const token = newSecret();
  const expiresAt = new Date(deps.now().getTime() + deps.settings.invitationTtlHours * 3_600_000);
  await usersRepository.update(tx, user.orgId, user.id, {
    invitationTokenHash: sha256(token),
    invitationExpiresAt: expiresAt,
  });
  return token;
}

/** Sent after the transaction commits; a failed send is logged and can be repeated with resend-invite. */
export async function sendInvitation(deps: DirectoryDeps, user: UserRow, token: string): Promise<void> {
  const organization = await organizationsRepository.find(deps.db, user.orgId);
  const link = `${deps.settings.publicUrl.replace(/\/$/, '')}/accept-invite?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(
      invitationMail(user.email, user.name, link, organization?.name ?? `#${user.orgId}`),
    );
  } catch (err) {
    deps.logger.error({ err, userId: user.id }, 'invitation e-mail failed');
  }
}
