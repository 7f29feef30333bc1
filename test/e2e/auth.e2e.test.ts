import { ADMIN } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

const t = systemForTestFile();

describe('login', () => {
  it('answers tokens and the user for the right password', async () => {
    const res = await t.api.post('/auth/login', {
      clientId: ADMIN.clientId,
      email: ADMIN.email.toUpperCase(),
      password: ADMIN.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      user: { email: ADMIN.email, role: 'ADMIN' },
    });
    expect(res.body.user.passwordHash).toBeUndefined();
    const me = await t.api.get('/auth/me', { token: res.body.accessToken });
    expect(me.body).toMatchObject({ clientId: 1, kind: 'USER', role: 'ADMIN', user: { email: ADMIN.email } });
  });

  it('gives the same answer for an unknown e-mail, a wrong password and a wrong organization', async () => {
    const answers = await Promise.all([
      t.api.post('/auth/login', { clientId: 1, email: 'nobody@example.com', password: ADMIN.password }),
      t.api.post('/auth/login', { clientId: 1, email: ADMIN.email, password: 'wrong-password' }),
      t.api.post('/auth/login', { clientId: 99, email: ADMIN.email, password: ADMIN.password }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: answers[0].body.detail });
    }
  });

  it('refuses requests without credentials or with a forged token', async () => {
    expect((await t.api.get('/users')).status).toBe(401);
    const forged = await t.api.get('/users', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.x' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('UNAUTHENTICATED');
    expect((await t.api.get('/users', { apiKey: 'ibx_nothing_here' })).status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate, and reusing a rotated token revokes the whole session', async () => {
    const first = await t.api.post('/auth/login', {
      clientId: 1,
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const second = await t.api.post('/auth/refresh', { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);

    const replay = await t.api.post('/auth/refresh', { refreshToken: first.body.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_REFRESH_TOKEN');
    // The thief's replay also ends the legitimate holder's session.
    expect((await t.api.post('/auth/refresh', { refreshToken: second.body.refreshToken })).status).toBe(401);
  });

  it('stop working after logout', async () => {
    const session = await t.api.post('/auth/login', {
      clientId: 1,
      email: ADMIN.email,
      password: ADMIN.password,
    });
    expect((await t.api.post('/auth/logout', { refreshToken: session.body.refreshToken })).status).toBe(204);
    expect((await t.api.post('/auth/refresh', { refreshToken: session.body.refreshToken })).status).toBe(401);
  });
});

describe('invitations', () => {
  it('let a new user set a password once, then sign in', async () => {
    const admin = await t.api.post('/auth/login', {
      clientId: 1,
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const agent = await makeUser(t, admin.body.accessToken, {
      email: 'Invited@Example.com',
      name: 'Invited Agent',
    });
    const listed = await t.api.get('/users', { token: admin.body.accessToken });
    expect(listed.body.data.find((u: { id: string }) => u.id === agent.id)).toMatchObject({
      email: 'invited@example.com',
      role: 'AGENT',
      invitationStatus: 'ACCEPTED',
    });
    const mail = t.mails.find((m) => m.to === 'invited@example.com')!;
    expect(mail.text).toContain('http://inbox.test/accept-invite?token=');
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    expect((await t.api.post('/auth/accept-invite', { token, password: 'another-password' })).status).toBe(
      401,
    );
    expect(
      (
        await t.api.post('/auth/login', {
          clientId: 1,
          email: 'invited@example.com',
          password: 'agent-password-1',
        })
      ).status,
    ).toBe(200);
  });

  it('resend-invite replaces the link; a short password is refused', async () => {
    const admin = await t.api.post('/auth/login', {
      clientId: 1,
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const token = admin.body.accessToken;
    const created = await t.api.post('/users', { email: 'late@example.com', name: 'Late' }, { token });
    expect(created.body.invitationStatus).toBe('PENDING');
    const oldLink = /token=([\w-]+)/.exec(t.mails.at(-1)!.text)![1];
    expect((await t.api.post(`/users/${created.body.id}/resend-invite`, undefined, { token })).status).toBe(
      200,
    );
    const newLink = /token=([\w-]+)/.exec(t.mails.at(-1)!.text)![1];
    expect(newLink).not.toBe(oldLink);
    expect(
      (await t.api.post('/auth/accept-invite', { token: oldLink, password: 'long-enough-1' })).status,
    ).toBe(401);
    const short = await t.api.post('/auth/accept-invite', { token: newLink, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ path: 'password', message: expect.any(String) }]);
    expect(
      (await t.api.post('/auth/accept-invite', { token: newLink, password: 'long-enough-1' })).status,
    ).toBe(200);
  });
});
