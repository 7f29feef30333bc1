import { client, eventually, type Client } from '../support/http';
import { ADMIN, startTestSystem, type TestSystem } from '../support/system';
import { adminOf, makeUser } from '../support/world';

let t: TestSystem;
let api: Client;
let adminToken: string;

beforeAll(async () => {
  t = await startTestSystem();
  api = client(t.baseUrl);
  adminToken = (await adminOf(t)).token;
});
afterAll(() => t.stop());

const linkToken = (to: string, page: string) => {
  const mail = [...t.mails].reverse().find((m) => m.to === to);
  return new RegExp(`/${page}\\?token=([\\w-]+)`).exec(mail?.text ?? '')?.[1];
};
const signIn = (email: string, password: string) =>
  api.post('/auth/login', { clientId: ADMIN.clientId, email, password });

describe('POST /auth/change-password', () => {
  it('answers new tokens and signs every other session out', async () => {
    await makeUser(t, adminToken, { email: 'changer@example.com' });
    const device = await signIn('changer@example.com', 'agent-password-1');
    const here = await signIn('changer@example.com', 'agent-password-1');
    const change = (currentPassword: string, newPassword: string) =>
      api.post('/auth/change-password', { currentPassword, newPassword }, { token: here.body.accessToken });

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
      const refused = await api.get('/auth/me', { token: old.body.accessToken });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('SESSION_ENDED');
    }
    expect((await api.get('/auth/me', { token: changed.body.accessToken })).status).toBe(200);
    expect((await api.post('/auth/refresh', { refreshToken: device.body.refreshToken })).status).toBe(401);
    expect((await api.post('/auth/refresh', { refreshToken: here.body.refreshToken })).status).toBe(401);
    expect((await api.post('/auth/refresh', { refreshToken: changed.body.refreshToken })).status).toBe(200);
    expect((await signIn('changer@example.com', 'agent-password-1')).status).toBe(401);
    expect((await signIn('changer@example.com', 'changed-password-1')).status).toBe(200);
  });

  it('is refused to API keys', async () => {
    const key = (await api.post('/api-keys', { name: 'k', role: 'ADMIN' }, { token: adminToken })).body.key;
    const res = await api.post(
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
    const user = await makeUser(t, adminToken, { email: 'forgetful@example.com' });
    expect((await api.get('/auth/me', { token: user.token })).status).toBe(200); // cached by the gateway
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sent = await api.post(`/users/${user.id}/reset-password`, undefined, { token: adminToken });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: user.id, email: 'forgetful@example.com' });
    const token = linkToken('forgetful@example.com', 'reset-password');
    expect(token).toBeDefined();

    const reset = await api.post('/auth/reset-password', { token, password: 'remembered-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.user.id).toBe(user.id);
    expect((await api.get('/auth/me', { token: reset.body.accessToken })).status).toBe(200);
    // The session from before the reset ends (every gateway drops the user on user.updated).
    await eventually(async () => {
      expect((await api.get('/auth/me', { token: user.token })).body.code).toBe('SESSION_ENDED');
    });
    const again = await api.post('/auth/reset-password', { token, password: 'remembered-password' });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_RESET_TOKEN');
    expect((await signIn('forgetful@example.com', 'remembered-password')).status).toBe(200);
  });

  it('is Admin-only, and a pending user gets the invitation resent instead', async () => {
    const agent = await makeUser(t, adminToken, { email: 'plain-agent@example.com' });
    expect(
      (await api.post(`/users/${agent.id}/reset-password`, undefined, { token: agent.token })).status,
    ).toBe(403);
    const pending = await api.post(
      '/users',
      { email: 'pending@example.com', name: 'P' },
      { token: adminToken },
    );
    const res = await api.post(`/users/${pending.body.id}/reset-password`, undefined, { token: adminToken });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVITATION_PENDING');
  });
});

describe("PATCH /users/{id} with a pending user's new e-mail", () => {
  it('voids the first link and invites the new address', async () => {
    const created = await api.post(
      '/users',
      { email: 'typo@exmaple.com', name: 'Typo' },
      { token: adminToken },
    );
    const first = linkToken('typo@exmaple.com', 'accept-invite');
    const patched = await api.patch(
      `/users/${created.body.id}`,
      { email: 'fixed@example.com' },
      { token: adminToken },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ email: 'fixed@example.com', invitationStatus: 'PENDING' });
    const second = linkToken('fixed@example.com', 'accept-invite');
    expect(second).toBeDefined();
    const stale = await api.post('/auth/accept-invite', { token: first, password: 'whoever-password' });
    expect(stale.status).toBe(401);
    const accepted = await api.post('/auth/accept-invite', { token: second, password: 'fixed-password-1' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.email).toBe('fixed@example.com');
  });
});
