import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '@inbox/platform';
import { eventually } from '../support/http';
import { systemForTestFile } from '../support/suite';
import { makeOrganization, makeUser } from '../support/world';

const t = systemForTestFile();

describe('API keys', () => {
  it('show the full key once, store only its hash, and authenticate requests', async () => {
    const created = await t.api.post('/api-keys', { name: 'CRM sync' }, { token: t.admin });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'CRM sync', role: 'AGENT', enabled: true, expiresAt: null });
    const key: string = created.body.key;
    expect(key.startsWith(created.body.prefix)).toBe(true);

    const listed = await t.api.get('/api-keys', { token: t.admin });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body.data.find((k: { id: string }) => k.id === created.body.id)).not.toHaveProperty('key');

    const rows = await queryRows<Record<string, unknown>>(
      t.system.directory.deps.db,
      sql`select * from directory.api_keys where id = ${created.body.id}`,
    );
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0].key_hash).toBe(createHash('sha256').update(key).digest('hex'));

    expect((await t.api.get('/users', { apiKey: key })).status).toBe(200);
  });

  it('an AGENT key is refused on Admin endpoints, an ADMIN key is allowed', async () => {
    const agentKey = (await t.api.post('/api-keys', { name: 'agent key' }, { token: t.admin })).body.key;
    const adminKey = (await t.api.post('/api-keys', { name: 'admin key', role: 'ADMIN' }, { token: t.admin }))
      .body.key;
    const refused = await t.api.get('/api-keys', { apiKey: agentKey });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await t.api.post('/teams', { name: 'Sales' }, { apiKey: agentKey })).status).toBe(403);
    expect((await t.api.get('/api-keys', { apiKey: adminKey })).status).toBe(200);
  });

  it('stop working at once when disabled or deleted', async () => {
    const created = (await t.api.post('/api-keys', { name: 'short-lived' }, { token: t.admin })).body;
    expect((await t.api.get('/tags', { apiKey: created.key })).status).toBe(200); // now cached
    expect(
      (await t.api.patch(`/api-keys/${created.id}`, { enabled: false }, { token: t.admin })).status,
    ).toBe(200);
    expect((await t.api.get('/tags', { apiKey: created.key })).status).toBe(401);
    expect((await t.api.patch(`/api-keys/${created.id}`, { enabled: true }, { token: t.admin })).status).toBe(
      200,
    );
    expect((await t.api.get('/tags', { apiKey: created.key })).status).toBe(200);
    expect((await t.api.delete(`/api-keys/${created.id}`, { token: t.admin })).status).toBe(204);
    expect((await t.api.get('/tags', { apiKey: created.key })).status).toBe(401);
  });

  it('record lastUsedAt without a write per request', async () => {
    const created = (await t.api.post('/api-keys', { name: 'usage' }, { token: t.admin })).body;
    await t.api.get('/tags', { apiKey: created.key });
    await t.system.gateway.ctx.usage.flush();
    const listed = await t.api.get('/api-keys', { token: t.admin });
    expect(listed.body.data.find((k: { id: string }) => k.id === created.id).lastUsedAt).toEqual(
      expect.any(String),
    );
  });
});

describe('a deleted user', () => {
  it('loses their token and the keys they created at once', async () => {
    const agentAdmin = await makeUser(t, t.admin, { email: 'second-admin@example.com', role: 'ADMIN' });
    const key = (await t.api.post('/api-keys', { name: 'theirs' }, { token: agentAdmin.token })).body.key;
    expect((await t.api.get('/tags', { token: agentAdmin.token })).status).toBe(200);
    expect((await t.api.get('/tags', { apiKey: key })).status).toBe(200);

    expect((await t.api.delete(`/users/${agentAdmin.id}`, { token: t.admin })).status).toBe(204);
    expect((await t.api.get('/tags', { token: agentAdmin.token })).status).toBe(401);
    expect((await t.api.get('/tags', { apiKey: key })).status).toBe(401);
    expect(
      (await t.api.get('/users', { token: t.admin })).body.data.map((u: { id: string }) => u.id),
    ).not.toContain(agentAdmin.id);
  });

  it('is dropped from every gateway cache through the event, even when deleted elsewhere', async () => {
    const agent = await makeUser(t, t.admin, { email: 'elsewhere@example.com' });
    expect((await t.api.get('/tags', { token: agent.token })).status).toBe(200); // cached principal
    // Delete through the directory directly (as another gateway replica or the CLI would).
    const directory = t.system.gateway.ctx.directory;
    const adminPrincipal = await directory.anonymous('GetUserPrincipal', {
      orgId: 1,
      userId: (await t.api.get('/auth/me', { token: t.admin })).body.user.id,
    });
    const call = {
      callerToken: t.system.gateway.ctx.callerTokens.tokenFor({
        orgId: 1,
        kind: 'USER',
        principalId: adminPrincipal.id,
        role: 'ADMIN',
        userId: adminPrincipal.id,
      }),
      requestId: 'test',
    };
    await directory.call.DeleteUser({ id: agent.id }, call);
    await eventually(async () => expect((await t.api.get('/tags', { token: agent.token })).status).toBe(401));
  });
});

describe('organization isolation', () => {
  it('ids of another organization answer 404 and lists never show its rows', async () => {
    const other = await makeOrganization(t, 2);
    const theirTeam = (await t.api.post('/teams', { name: 'Their team' }, { token: other.token })).body;
    const theirTag = (await t.api.post('/tags', { name: 'Their tag', color: 'red' }, { token: other.token }))
      .body;
    const theirKey = (await t.api.post('/api-keys', { name: 'Their key' }, { token: other.token })).body;

    for (const [method, path, body] of [
      ['GET', `/teams/${theirTeam.id}`],
      ['PATCH', `/teams/${theirTeam.id}`, { name: 'Mine now' }],
      ['DELETE', `/teams/${theirTeam.id}`],
      ['GET', `/users/${other.adminUserId}`],
      ['PATCH', `/users/${other.adminUserId}`, { name: 'x' }],
      ['DELETE', `/users/${other.adminUserId}`],
      ['PUT', `/tags/${theirTag.id}`, { name: 'x' }],
      ['DELETE', `/tags/${theirTag.id}`],
      ['PATCH', `/api-keys/${theirKey.id}`, { enabled: false }],
      ['DELETE', `/api-keys/${theirKey.id}`],
      ['POST', `/teams/${theirTeam.id}/members`, { userId: other.adminUserId }],
    ] as const) {
      const res = await t.api.send(method, path, { token: t.admin, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    const mine = await Promise.all(
      ['/teams?includeInactive=true', '/tags', '/api-keys', '/users'].map((p) =>
        t.api.get(p, { token: t.admin }),
      ),
    );
    const text = JSON.stringify(mine.map((r) => r.body));
    for (const id of [theirTeam.id, theirTag.id, theirKey.id, other.adminUserId])
      expect(text).not.toContain(id);
    // Their data is intact.
    expect((await t.api.get(`/teams/${theirTeam.id}`, { token: other.token })).body.name).toBe('Their team');
    expect(
      (await t.api.get('/tags', { apiKey: theirKey.key })).body.data.map((x: { id: string }) => x.id),
    ).toEqual([theirTag.id]);
  });

  it('a team cannot take a member from another organization', async () => {
    const mineTeam = (await t.api.post('/teams', { name: 'Support' }, { token: t.admin })).body;
    const res = await t.api.post(
      `/teams/${mineTeam.id}/members`,
      { userId: (await makeOrganization(t, 3)).adminUserId },
      { token: t.admin },
    );
    expect(res.status).toBe(404);
    expect((await t.api.get(`/teams/${mineTeam.id}`, { token: t.admin })).body.members).toEqual([]);
  });
});

describe('roles', () => {
  it('agents read but cannot manage; they may set their own status only', async () => {
    const agent = await makeUser(t, t.admin, { email: 'agent-roles@example.com' });
    const adminId = (await t.api.get('/auth/me', { token: t.admin })).body.user.id;
    expect((await t.api.get('/users', { token: agent.token })).status).toBe(200);
    expect((await t.api.get('/teams', { token: agent.token })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/users', { email: 'x@example.com', name: 'X' }],
      ['POST', '/teams', { name: 'Nope' }],
      ['GET', '/api-keys'],
      ['POST', '/users/bulk', { action: 'delete', selection: { mode: 'ids', ids: [adminId] } }],
    ] as const) {
      expect((await t.api.send(method, path, { token: agent.token, body })).status).toBe(403);
    }
    const own = await t.api.patch(`/users/${agent.id}/status`, { status: 'ONLINE' }, { token: agent.token });
    expect(own.body.status).toBe('ONLINE');
    expect(
      (await t.api.patch(`/users/${adminId}/status`, { status: 'AWAY' }, { token: agent.token })).status,
    ).toBe(403);
    expect(
      (await t.api.patch(`/users/${agent.id}/status`, { status: 'AWAY' }, { token: t.admin })).body.status,
    ).toBe('AWAY');
  });

  it('a role change applies on the next request', async () => {
    const promoted = await makeUser(t, t.admin, { email: 'promoted@example.com' });
    expect((await t.api.get('/api-keys', { token: promoted.token })).status).toBe(403);
    expect((await t.api.patch(`/users/${promoted.id}`, { role: 'ADMIN' }, { token: t.admin })).status).toBe(
      200,
    );
    expect((await t.api.get('/api-keys', { token: promoted.token })).status).toBe(200);
  });
});
