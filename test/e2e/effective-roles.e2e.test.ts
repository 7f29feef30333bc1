import { client, type Client } from '../support/http';
import { startTestSystem, type TestSystem } from '../support/system';
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

describe("an API key's effective role", () => {
  it('drops at once when its creator is demoted, and the key cannot undo it', async () => {
    const creator = await makeUser(t, adminToken, { email: 'second-admin@example.com', role: 'ADMIN' });
    const created = await api.post('/api-keys', { name: 'Ops', role: 'ADMIN' }, { token: creator.token });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    // Cached by the gateway as an Admin key.
    expect((await api.get('/api-keys', { apiKey: key })).status).toBe(200);

    expect((await api.patch(`/users/${creator.id}`, { role: 'AGENT' }, { token: adminToken })).status).toBe(
      200,
    );

    expect((await api.get('/auth/me', { apiKey: key })).body).toMatchObject({ role: 'AGENT' });
    expect((await api.get('/api-keys', { apiKey: key })).status).toBe(403);
    // Neither promote its creator back nor mint a stronger key.
    const promote = await api.patch(`/users/${creator.id}`, { role: 'ADMIN' }, { apiKey: key });
    expect(promote.status).toBe(403);
    expect((await api.post('/api-keys', { name: 'Escape', role: 'ADMIN' }, { apiKey: key })).status).toBe(
      403,
    );
    expect((await api.get(`/users/${creator.id}`, { token: adminToken })).body.role).toBe('AGENT');
    // Still a working key with the role its creator has now.
    expect((await api.get('/users', { apiKey: key })).status).toBe(200);

    await api.patch(`/users/${creator.id}`, { role: 'ADMIN' }, { token: adminToken });
    expect((await api.get('/api-keys', { apiKey: key })).status).toBe(200);
  });

  it("is never above the key's own role", async () => {
    const created = await api.post('/api-keys', { name: 'Reader' }, { token: adminToken });
    expect(created.body.role).toBe('AGENT');
    expect((await api.get('/api-keys', { apiKey: created.body.key })).status).toBe(403);
  });
});
