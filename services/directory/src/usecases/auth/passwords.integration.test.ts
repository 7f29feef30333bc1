import { sql } from 'drizzle-orm';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { newId, queryRows } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { sha256 } from '../../auth/secrets';
import { createDirectoryTestbed } from '../../testing/testbed';
import { createOrganization, PLATFORM_CALLER } from '../organizations/create-organization';
import { sendPasswordReset } from '../users/send-password-reset';
import { createUser } from '../users/create-user';
import { updateUser } from '../users/update-user';
import { acceptInvite } from './accept-invite';
import { changePassword } from './change-password';
import { getUserPrincipal } from './get-user-principal';
import { login } from './login';
import { refresh } from './refresh';
import { resetPassword } from './reset-password';
import { setPasswordByOperator } from './set-password-by-operator';

const tb = openForTestFile(createDirectoryTestbed);
let nextOrg = 4000;
const PASSWORD = 'first-password-1';

async function organization() {
  const clientId = nextOrg++;
  const email = `admin${clientId}@example.test`;
  const { adminUserId } = await createOrganization(tb.deps, PLATFORM_CALLER, {
    clientId,
    name: `Org ${clientId}`,
    admin: { email, name: 'Admin', password: PASSWORD },
  });
  return { clientId, email, adminUserId, admin: tb.caller(clientId, 'ADMIN', adminUserId) };
}

const signIn = (clientId: number, email: string, password = PASSWORD) =>
  login(tb.deps, { clientId, email, password });
const tokenIn = (text: string | undefined, page: string) =>
  new RegExp(`/${page}\\?token=([\\w-]+)`).exec(text ?? '')?.[1];
const lastMailTo = (to: string) => [...tb.mails].reverse().find((m) => m.to === to);

describe('changing your own password', () => {
  it('needs the current password, ends every other session and answers new tokens', async () => {
    const { clientId, email, adminUserId, admin } = await organization();
    const otherDevice = await signIn(clientId, email);
    const change = { currentPassword: PASSWORD, newPassword: 'second-password-2' };

    await expect(
      changePassword(tb.deps, admin, { ...change, currentPassword: 'wrong-password' }),
    ).rejects.toMatchObject({ code: 'INVALID_CURRENT_PASSWORD', fields: [{ path: 'currentPassword' }] });
    await expect(changePassword(tb.deps, admin, { ...change, newPassword: 'short' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'newPassword' }],
    });

    const fresh = await changePassword(tb.deps, admin, change);
    expect(fresh.user.id).toBe(adminUserId);
    // Access tokens issued before now stop speaking for the user, and gateways are told.
    const principal = await getUserPrincipal(tb.deps, clientId, adminUserId);
    expect(principal.sessionsValidAfter!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(principal.sessionsValidAfter!.getTime()).toBeGreaterThan(Date.now() - 5_000);
    const events = (await tb.recordedEvents()).filter((e) => e.orgId === clientId);
    expect(events.map((e) => e.type)).toContain(DIRECTORY_EVENTS.userUpdated);
    await expect(refresh(tb.deps, otherDevice.refreshToken)).rejects.toMatchObject({
      code: 'INVALID_REFRESH_TOKEN',
    });
    await expect(refresh(tb.deps, fresh.refreshToken)).resolves.toMatchObject({ user: { id: adminUserId } });
    await expect(signIn(clientId, email)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(signIn(clientId, email, change.newPassword)).resolves.toBeDefined();
  });

  it('is refused to API keys: a password belongs to a person', async () => {
    const { admin } = await organization();
    const keyCaller = { ...admin, kind: 'API_KEY' as const, principalId: newId() };
    await expect(
      changePassword(tb.deps, keyCaller, { currentPassword: PASSWORD, newPassword: 'another-password' }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

describe('a reset link sent by an Admin', () => {
  it('works once, sets the password, signs in and ends the other sessions', async () => {
    const { clientId, email, adminUserId, admin } = await organization();
    const session = await signIn(clientId, email);
    await sendPasswordReset(tb.deps, admin, adminUserId);
    const token = tokenIn(lastMailTo(email)?.text, 'reset-password');
    expect(lastMailTo(email)?.text).toContain('http://inbox.test/reset-password?token=');
    const [row] = await queryRows<{ password_reset_token_hash: string }>(
      tb.database.db,
      sql`select password_reset_token_hash from directory.users where id = ${adminUserId}`,
    );
    expect(row.password_reset_token_hash).toBe(sha256(token!)); // only the hash is stored
    // Until the link is used, nothing changed.
    await expect(signIn(clientId, email)).resolves.toBeDefined();

    const signedIn = await resetPassword(tb.deps, token!, 'reset-password-9');
    expect(signedIn.user.id).toBe(adminUserId);
    await expect(resetPassword(tb.deps, token!, 'reset-password-10')).rejects.toMatchObject({
      code: 'INVALID_RESET_TOKEN',
    });
    await expect(refresh(tb.deps, session.refreshToken)).rejects.toBeDefined();
    await expect(signIn(clientId, email, 'reset-password-9')).resolves.toBeDefined();
  });

  it('expires, and a newer link replaces the older one', async () => {
    const { email, adminUserId, admin } = await organization();
    await sendPasswordReset(tb.deps, admin, adminUserId);
    const first = tokenIn(lastMailTo(email)?.text, 'reset-password')!;
    await sendPasswordReset(tb.deps, admin, adminUserId);
    const second = tokenIn(lastMailTo(email)?.text, 'reset-password')!;
    const refused = { code: 'INVALID_RESET_TOKEN' };
    await expect(resetPassword(tb.deps, first, 'new-password-11')).rejects.toMatchObject(refused);
    const later = { ...tb.deps, now: () => new Date(Date.now() + 25 * 3_600_000) };
    await expect(resetPassword(later, second, 'new-password-11')).rejects.toMatchObject(refused);
    await expect(resetPassword(tb.deps, second, 'new-password-11')).resolves.toBeDefined();
  });

  it('is refused for a user who has not accepted the invitation, and to Agents', async () => {
    const { clientId, admin } = await organization();
    const pending = await createUser(tb.deps, admin, { email: 'pending@example.test', name: 'Pending' });
    await expect(sendPasswordReset(tb.deps, admin, pending.id)).rejects.toMatchObject({
      code: 'INVITATION_PENDING',
    });
    await expect(
      sendPasswordReset(tb.deps, tb.caller(clientId, 'AGENT', pending.id), pending.id),
    ).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

describe("changing a pending user's e-mail", () => {
  it('voids the first invitation and invites the new address', async () => {
    const { admin } = await organization();
    const user = await createUser(tb.deps, admin, { email: 'mistyped@exmaple.test', name: 'Ana' });
    const first = tokenIn(lastMailTo('mistyped@exmaple.test')?.text, 'accept-invite')!;
    const mailsBefore = tb.mails.length;

    await updateUser(tb.deps, admin, user.id, { email: 'ana@example.test' });

    expect(tb.mails.slice(mailsBefore).map((m) => m.to)).toEqual(['ana@example.test']);
    const second = tokenIn(lastMailTo('ana@example.test')?.text, 'accept-invite')!;
    await expect(acceptInvite(tb.deps, first, 'ana-password-1')).rejects.toMatchObject({
      code: 'INVALID_INVITATION',
    });
    await expect(acceptInvite(tb.deps, second, 'ana-password-1')).resolves.toMatchObject({
      user: { email: 'ana@example.test' },
    });
  });

  it('sends nothing to an accepted user, but voids a reset link sent to the old address', async () => {
    const { clientId, email, adminUserId, admin } = await organization();
    await sendPasswordReset(tb.deps, admin, adminUserId);
    const token = tokenIn(lastMailTo(email)?.text, 'reset-password')!;
    const mailsBefore = tb.mails.length;
    await updateUser(tb.deps, admin, adminUserId, { email: `new${clientId}@example.test` });
    expect(tb.mails.length).toBe(mailsBefore);
    await expect(resetPassword(tb.deps, token, 'new-password-12')).rejects.toMatchObject({
      code: 'INVALID_RESET_TOKEN',
    });
  });
});

describe("the operator's reset (CLI)", () => {
  it('replaces the password, ends sessions and completes a pending invitation', async () => {
    const { clientId, email, admin } = await organization();
    const session = await signIn(clientId, email);
    await setPasswordByOperator(tb.deps, { clientId, email: email.toUpperCase() }, 'operator-set-1');
    await expect(refresh(tb.deps, session.refreshToken)).rejects.toBeDefined();
    await expect(signIn(clientId, email, 'operator-set-1')).resolves.toBeDefined();

    const pending = await createUser(tb.deps, admin, { email: 'later@example.test', name: 'Later' });
    await setPasswordByOperator(tb.deps, { clientId, email: pending.email }, 'operator-set-2');
    await expect(signIn(clientId, pending.email, 'operator-set-2')).resolves.toMatchObject({
      user: { invitationAcceptedAt: expect.any(Date) },
    });
    await expect(
      setPasswordByOperator(tb.deps, { clientId, email: 'nobody@example.test' }, 'operator-set-3'),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });
});
