import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

const t = systemForTestFile();

describe("an API key's effective role", () => {
  it('drops at once when its creator is demoted, and the key cannot undo it', async () => {
    const creator = await makeUser(t, t.admin, { email: 'second-admin@example.com', role: 'ADMIN' });
    const created = await t.api.post('/api-keys', { name: 'Ops', role: 'ADMIN' }, { token: creator.token });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    // Cached by the gateway as an Admin key.
    expect((await t.api.get('/api-keys', { apiKey: key })).status).toBe(200);

    expect((await t.api.patch(`/users/${creator.id}`, { role: 'AGENT' }, { token: t.admin })).status).toBe(
      200,
    );

    expect((await t.api.get('/auth/me', { apiKey: key })).body).toMatchObject({ role: 'AGENT' });
    expect((await t.api.get('/api-keys', { apiKey: key })).status).toBe(403);
    // Neither promote its creator back nor mint a stronger key.
    const promote = await t.api.patch(`/users/${creator.id}`, { role: 'ADMIN' }, { apiKey: key });
    expect(promote.status).toBe(403);
    expect((await t.api.post('/api-keys', { name: 'Escape', role: 'ADMIN' }, { apiKey: key })).status).toBe(
      403,
    );
    expect((await t.api.get(`/users/${creator.id}`, { token: t.admin })).body.role).toBe('AGENT');
    // Still a working key with the role its creator has now.
    expect((await t.api.get('/users', { apiKey: key })).status).toBe(200);

    await t.api.patch(`/users/${creator.id}`, { role: 'ADMIN' }, { token: t.admin });
    expect((await t.api.get('/api-keys', { apiKey: key })).status).toBe(200);
  });

  it("is never above the key's own role", async () => {
    const created = await t.api.post('/api-keys', { name: 'Reader' }, { token: t.admin });
    expect(created.body.role).toBe('AGENT');
    expect((await t.api.get('/api-keys', { apiKey: created.body.key })).status).toBe(403);
  });
});
