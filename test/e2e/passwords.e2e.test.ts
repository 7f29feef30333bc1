import { eventually } from '../support/http';
import { ADMIN } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

const t = systemForTestFile();

const linkToken = (to: string, page: string) => {
  const mail = [...t.mails].reverse().find((m) => m.to === to);
  return new RegExp(`/${page}\\?token=([\\w-]+)`).exec(mail?.text ?? '')?.[1];
};
const signIn = (email: string, password: string) =>
  t.api.post('/auth/login', { clientId: ADMIN.clientId, email, password });

describe('POST /auth/change-password', () => {
  it('answers new tokens and signs every other session out', async () => {
    await makeUser(t, t.admin, { email: 'changer@example.com' });
    const device = await signIn('changer@example.com', 'agent-password-1');
    const here = await signIn('changer@example.com', 'agent-password-1');
    const change = (currentPassword: string, newPassword: string) =>
      t.api.post('/auth/change-password', { currentPassword, newPassword }, { token: here.body.accessToken });

    // Access tokens carry their issue time in whole seconds: the change comes a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const wrong = await change('not-my-password', 'changed-password-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      errors: [{ path: 'currentPassword' }],
    });

    const changed = await change('agent-password-1', 'changed-password-1');
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ tokenType: 'Bearer', user: { email: 'changer@example.com' } });
    for (const old of [device, here]) {
      const refused = await t.api.get('/auth/me', { token: old.body.accessToken });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('SESSION_ENDED');
    }
    expect((await t.api.get('/auth/me', { token: changed.body.accessToken })).status).toBe(200);
    expect((await t.api.post('/auth/refresh', { refreshToken: device.body.refreshToken })).status).toBe(401);
    expect((await t.api.post('/auth/refresh', { refreshToken: here.body.refreshToken })).status).toBe(401);
    expect((await t.api.post('/auth/refresh', { refreshToken: changed.body.refreshToken })).status).toBe(200);
    expect((await signIn('changer@example.com', 'agent-password-1')).status).toBe(401);
    expect((await signIn('changer@example.com', 'changed-password-1')).status).toBe(200);
  });

  it('is refused to API keys', async () => {
    const key = (await t.api.post('/api-keys', { name: 'k', role: 'ADMIN' }, { token: t.admin })).body.key;
    const res = await t.api.post(
      '/auth/change-password',
      { currentPassword: ADMIN.password, newPassword: 'key-chosen-password' },
      { apiKey: key },
    );
    expect(res.status).toBe(403);
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});

describe('password reset by an Admin', () => {
  it('e-mails a one-time link whose token sets the password and signs in', async () => {
    const user = await makeUser(t, t.admin, { email: 'forgetful@example.com' });
    expect((await t.api.get('/auth/me', { token: user.token })).status).toBe(200); // cached by the gateway
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sent = await t.api.post(`/users/${user.id}/reset-password`, undefined, { token: t.admin });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: user.id, email: 'forgetful@example.com' });
    const token = linkToken('forgetful@example.com', 'reset-password');
    expect(token).toBeDefined();

    const reset = await t.api.post('/auth/reset-password', { token, password: 'remembered-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.user.id).toBe(user.id);
    expect((await t.api.get('/auth/me', { token: reset.body.accessToken })).status).toBe(200);
    // The session from before the reset ends (every gateway drops the user on user.updated).
    await eventually(async () => {
      expect((await t.api.get('/auth/me', { token: user.token })).body.code).toBe('SESSION_ENDED');
    });
    const again = await t.api.post('/auth/reset-password', { token, password: 'remembered-password' });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_RESET_TOKEN');
    expect((await signIn('forgetful@example.com', 'remembered-password')).status).toBe(200);
  });

  it('is Admin-only, and a pending user gets the invitation resent instead', async () => {
    const agent = await makeUser(t, t.admin, { email: 'plain-agent@example.com' });
    expect(
      (await t.api.post(`/users/${agent.id}/reset-password`, undefined, { token: agent.token })).status,
    ).toBe(403);
    const pending = await t.api.post(
      '/users',
      { email: 'pending@example.com', name: 'P' },
      { token: t.admin },
    );
    const res = await t.api.post(`/users/${pending.body.id}/reset-password`, undefined, { token: t.admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVITATION_PENDING');
  });
});

describe("PATCH /users/{id} with a pending user's new e-mail", () => {
  it('voids the first link and invites the new address', async () => {
    const created = await t.api.post(
      '/users',
      { email: 'typo@exmaple.com', name: 'Typo' },
      { token: t.admin },
    );
    const first = linkToken('typo@exmaple.com', 'accept-invite');
    const patched = await t.api.patch(
      `/users/${created.body.id}`,
      { email: 'fixed@example.com' },
      { token: t.admin },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ email: 'fixed@example.com', invitationStatus: 'PENDING' });
    const second = linkToken('fixed@example.com', 'accept-invite');
    expect(second).toBeDefined();
    const stale = await t.api.post('/auth/accept-invite', { token: first, password: 'whoever-password' });
    expect(stale.status).toBe(401);
    const accepted = await t.api.post('/auth/accept-invite', { token: second, password: 'fixed-password-1' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.email).toBe('fixed@example.com');
  });
});
