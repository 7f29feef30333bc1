import type { Db } from '@inbox/platform';
import type { UserRow } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { renewLinkToken, sendLinkMail } from './account-links';

/** Gives the user a fresh invitation token (the previous link stops working); returns the token. */
export const renewInvitation = (deps: DirectoryDeps, tx: Db, user: UserRow): Promise<string> =>
  renewLinkToken(deps, tx, user, 'invitation');

/** Sent after the transaction commits; a failed send is logged and can be repeated with resend-invite. */
export const sendInvitation = (deps: DirectoryDeps, user: UserRow, token: string): Promise<void> =>
  sendLinkMail(deps, user, 'invitation', token);
