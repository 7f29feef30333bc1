import type { Db } from '@inbox/platform';
import { newSecret, sha256 } from '../../auth/secrets';
import { organizationsRepository } from '../../db/repositories/organizations.repository';
import { usersRepository, type UserRow } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { invitationMail, passwordResetMail, type MailMessage } from '../../mail/mailer';

/** The pages these links open: served by the gateway, or by the operator's own front end. */
export const ACCOUNT_PAGES = { invitation: 'accept-invite', passwordReset: 'reset-password' } as const;
type LinkKind = keyof typeof ACCOUNT_PAGES;

const ttlHours = (deps: DirectoryDeps, kind: LinkKind) =>
  kind === 'invitation' ? deps.settings.invitationTtlHours : deps.settings.passwordResetTtlHours;

/**
 * Gives the user a fresh one-time token of this kind (the previous link of the kind stops
 * working) and returns it; only its SHA-256 is stored.
 */
export async function renewLinkToken(
  deps: DirectoryDeps,
  tx: Db,
  user: UserRow,
  kind: LinkKind,
): Promise<string> {
  const token = newSecret();
  const expiresAt = new Date(deps.now().getTime() + ttlHours(deps, kind) * 3_600_000);
  await usersRepository.update(
    tx,
    user.orgId,
    user.id,
    kind === 'invitation'
      ? { invitationTokenHash: sha256(token), invitationExpiresAt: expiresAt }
      : { passwordResetTokenHash: sha256(token), passwordResetExpiresAt: expiresAt },
  );
  return token;
}

export const accountLink = (deps: DirectoryDeps, kind: LinkKind, token: string) =>
  `${deps.settings.publicUrl.replace(/\/$/, '')}/${ACCOUNT_PAGES[kind]}?token=${encodeURIComponent(token)}`;

/** Sent after the transaction commits; a failed send is logged, and the Admin can send again. */
export async function sendLinkMail(
  deps: DirectoryDeps,
  user: UserRow,
  kind: LinkKind,
  token: string,
): Promise<void> {
  const organization = await organizationsRepository.find(deps.db, user.orgId);
  const build = kind === 'invitation' ? invitationMail : passwordResetMail;
  const mail: MailMessage = build(
    user.email,
    user.name,
    accountLink(deps, kind, token),
    organization?.name ?? `#${user.orgId}`,
    ttlHours(deps, kind),
  );
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.logger.error({ err, userId: user.id, kind }, 'account e-mail failed');
  }
}
