import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

const t = systemForTestFile();

describe('teams over HTTP', () => {
  it('create, add members, change a role, deactivate, list inactive', async () => {
    const agent = await makeUser(t, t.admin, { email: 'team-agent@example.com', name: 'Ana' });
    const team = await t.api.post(
      '/teams',
      { name: 'Billing', description: 'Invoices and refunds' },
      { token: t.admin },
    );
    expect(team.status).toBe(201);
    expect(team.body).toMatchObject({ name: 'Billing', active: true, memberCount: 0, members: [] });

    const added = await t.api.post(
      `/teams/${team.body.id}/members`,
      { userId: agent.id },
      { token: t.admin },
    );
    expect(added.status).toBe(201);
    expect(added.body.members).toEqual([
      expect.objectContaining({ userId: agent.id, role: 'MEMBER', name: 'Ana' }),
    ]);
    expect(
      (await t.api.post(`/teams/${team.body.id}/members`, { userId: agent.id }, { token: t.admin })).status,
    ).toBe(409);

    const lead = await t.api.patch(
      `/teams/${team.body.id}/members/${agent.id}`,
      { role: 'LEAD' },
      { token: t.admin },
    );
    expect(lead.body.members[0].role).toBe('LEAD');
    expect(
      (await t.api.patch(`/teams/${team.body.id}/members/${agent.id}`, { role: 'OWNER' }, { token: t.admin }))
        .status,
    ).toBe(400);

    expect((await t.api.delete(`/teams/${team.body.id}`, { token: t.admin })).status).toBe(204);
    const active = await t.api.get('/teams', { token: t.admin });
    expect(active.body.data.map((x: { id: string }) => x.id)).not.toContain(team.body.id);
    const all = await t.api.get('/teams?includeInactive=true', { token: t.admin });
    expect(all.body.data.find((x: { id: string }) => x.id === team.body.id)).toMatchObject({
      active: false,
      memberCount: 1,
    });
  });

  it('a schedule tells whether the team is open now', async () => {
    const team = (await t.api.post('/teams', { name: 'Always' }, { token: t.admin })).body;
    expect((await t.api.get(`/teams/${team.id}/schedule/status`, { token: t.admin })).body).toMatchObject({
      open: true,
      nextChangeAt: null,
    });
    const closedAllWeek = await t.api.put(
      `/teams/${team.id}/schedule`,
      {
        timezone: 'America/Mexico_City',
        weeklyHours: [{ day: 'MONDAY', start: '09:00', end: '09:01' }],
        holidays: [{ date: '2030-01-01', name: 'New Year' }],
      },
      { token: t.admin },
    );
    expect(closedAllWeek.status).toBe(200);
    expect(closedAllWeek.body).toMatchObject({
      timezone: 'America/Mexico_City',
      holidays: [{ date: '2030-01-01', name: 'New Year' }],
    });
    const status = (await t.api.get(`/teams/${team.id}/schedule/status`, { token: t.admin })).body;
    expect(typeof status.open).toBe('boolean');
    expect(Date.parse(status.nextChangeAt)).toBeGreaterThan(Date.now());
    expect((await t.api.get(`/teams/${team.id}/schedule`, { token: t.admin })).body.weeklyHours).toEqual([
      { day: 'MONDAY', start: '09:00', end: '09:01' },
    ]);
  });
});

describe('tags over HTTP', () => {
  it('create with a palette colour, rename, list, delete', async () => {
    const colors = (await t.api.get('/tags/colors', { token: t.admin })).body.data;
    expect(colors.length).toBeGreaterThanOrEqual(10);
    const created = await t.api.post('/tags', { name: 'Urgent', color: colors[1].hex }, { token: t.admin });
    expect(created.status).toBe(201);
    const renamed = await t.api.put(
      `/tags/${created.body.id}`,
      { name: 'Very urgent', color: 'blue' },
      { token: t.admin },
    );
    expect(renamed.body).toMatchObject({ name: 'Very urgent', color: '#3B82F6' });
    expect(
      (await t.api.get('/tags', { token: t.admin })).body.data.map((x: { name: string }) => x.name),
    ).toContain('Very urgent');
    expect((await t.api.delete(`/tags/${created.body.id}`, { token: t.admin })).status).toBe(204);
    expect((await t.api.delete(`/tags/${created.body.id}`, { token: t.admin })).status).toBe(404);
  });

  it('removes a description set to null, and keeps it when it is left out', async () => {
    const tag = (
      await t.api.post(
        '/tags',
        { name: 'Wholesale', color: 'teal', description: 'B2B buyers' },
        { token: t.admin },
      )
    ).body;
    const renamed = await t.api.put(`/tags/${tag.id}`, { name: 'Wholesale 2' }, { token: t.admin });
    expect(renamed.body).toMatchObject({ name: 'Wholesale 2', description: 'B2B buyers' });
    const cleared = await t.api.put(`/tags/${tag.id}`, { description: null }, { token: t.admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'Wholesale 2', description: null });
    const listed = (await t.api.get('/tags', { token: t.admin })).body.data.find(
      (x: { id: string }) => x.id === tag.id,
    );
    expect(listed.description).toBeNull();
  });
});

describe('nullable fields over HTTP', () => {
  it('a team description and an API key expiry set to null are removed', async () => {
    const team = (await t.api.post('/teams', { name: 'Returns', description: 'RMAs' }, { token: t.admin }))
      .body;
    const patched = await t.api.patch(`/teams/${team.id}`, { description: null }, { token: t.admin });
    expect(patched.status).toBe(200);
    expect(patched.body.description).toBeNull();
    expect((await t.api.get(`/teams/${team.id}`, { token: t.admin })).body.description).toBeNull();

    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const key = (await t.api.post('/api-keys', { name: 'Expiring', expiresAt }, { token: t.admin })).body;
    expect(key.expiresAt).not.toBeNull();
    const unexpiring = await t.api.patch(`/api-keys/${key.id}`, { expiresAt: null }, { token: t.admin });
    expect(unexpiring.status).toBe(200);
    expect(unexpiring.body.expiresAt).toBeNull();
  });
});

describe('users over HTTP', () => {
  it('bulk delete answers per id and keeps the last Admin', async () => {
    const a = await makeUser(t, t.admin, { email: 'bulk-a@example.com' });
    const b = await makeUser(t, t.admin, { email: 'bulk-b@example.com' });
    const me = (await t.api.get('/auth/me', { token: t.admin })).body.user.id;
    const res = await t.api.post(
      '/users/bulk',
      { action: 'delete', selection: { mode: 'ids', ids: [a.id, b.id, me, 'missing-id'] } },
      { token: t.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.succeeded.sort()).toEqual([a.id, b.id].sort());
    expect(res.body.failed).toEqual(
      expect.arrayContaining([
        { id: me, code: 'CANNOT_DELETE_SELF', message: expect.any(String) },
        { id: 'missing-id', code: 'NOT_FOUND', message: expect.any(String) },
      ]),
    );
    expect((await t.api.get('/tags', { token: a.token })).status).toBe(401);
  });

  it('the last Admin cannot be demoted', async () => {
    const me = (await t.api.get('/auth/me', { token: t.admin })).body.user.id;
    const res = await t.api.patch(`/users/${me}`, { role: 'AGENT' }, { token: t.admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LAST_ADMIN');
  });
});

describe('platform API', () => {
  it('creates organizations with the platform token only', async () => {
    const body = {
      name: 'Acme',
      admin: { email: 'boss@acme.test', name: 'Boss', password: 'boss-password-1' },
    };
    expect((await t.api.post('/platform/organizations', body, { token: t.admin })).status).toBe(401);
    const created = await t.api.post('/platform/organizations', body, { token: 'platform-token-for-tests' });
    expect(created.status).toBe(201);
    expect(created.body.clientId).toBeGreaterThan(1);
    const again = await t.api.post(
      '/platform/organizations',
      { ...body, clientId: created.body.clientId },
      { token: 'platform-token-for-tests' },
    );
    expect(again.status).toBe(409);
    expect(
      (
        await t.api.post('/auth/login', {
          clientId: created.body.clientId,
          email: 'boss@acme.test',
          password: 'boss-password-1',
        })
      ).status,
    ).toBe(200);
  });
});
