import { client } from '../support/http';
import { systemForTestFile } from '../support/suite';
import { templateBody } from '../support/templates';

const t = systemForTestFile();

const counts = async () => {
  const [users, teams, tags, keys] = await Promise.all(
    ['/users', '/teams?includeInactive=true', '/tags', '/api-keys'].map((p) =>
      t.api.get(p, { token: t.admin }),
    ),
  );
  return {
    users: users.body.data.length,
    teams: teams.body.data.length,
    tags: tags.body.data.length,
    keys: keys.body.data.length,
  };
};

describe('bad input gets a 4xx problem document and writes nothing', () => {
  it.each([
    ['wrong type', '/teams', { name: 42 }, 400, 'name'],
    ['missing field', '/users', { name: 'No e-mail' }, 400, 'email'],
    ['bad e-mail', '/users', { name: 'X', email: 'not-an-email' }, 400, 'email'],
    ['unknown enum value', '/users', { name: 'X', email: 'x@example.com', role: 'OWNER' }, 400, 'role'],
    ['unknown field', '/tags', { name: 'T', color: 'red', colour: 'blue' }, 400, ''],
    ['colour outside the palette', '/tags', { name: 'T', color: '#123456' }, 400, 'color'],
    ['empty name', '/teams', { name: '   ' }, 400, 'name'],
    ['past expiry', '/api-keys', { name: 'K', expiresAt: '2001-01-01T00:00:00Z' }, 400, 'expiresAt'],
    [
      'unknown bulk action',
      '/users/bulk',
      { action: 'archive', selection: { mode: 'ids', ids: ['a'] } },
      400,
      'action',
    ],
    [
      'unknown selection mode',
      '/users/bulk',
      { action: 'delete', selection: { mode: 'some' } },
      400,
      'selection.mode',
    ],
  ])('%s', async (_name, path, body, status, field) => {
    const before = await counts();
    const res = await t.api.post(path, body, { token: t.admin });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      status,
      code: 'VALIDATION_FAILED',
      type: expect.any(String),
      title: 'Bad Request',
    });
    if (field) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('malformed JSON', async () => {
    const res = await t.api.send('POST', '/teams', {
      token: t.admin,
      rawBody: '{"name": "Sales",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('MALFORMED_JSON');
  });

  it('a 2 MB body', async () => {
    const before = await counts();
    const res = await t.api.post(
      '/teams',
      { name: 'Big', description: 'x'.repeat(2 * 1024 * 1024) },
      { token: t.admin },
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await counts()).toEqual(before);
  });

  it('a body that is not JSON', async () => {
    const res = await t.api.send('POST', '/teams', {
      token: t.admin,
      rawBody: 'name=Sales',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('bad query parameters', async () => {
    const res = await t.api.get('/teams?includeInactive=maybe', { token: t.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('query.includeInactive');
    expect((await t.api.get('/users?role=OWNER', { token: t.admin })).status).toBe(400);
  });

  it('schedule errors name the field', async () => {
    const team = (await t.api.post('/teams', { name: 'Night shift' }, { token: t.admin })).body;
    const res = await t.api.put(
      `/teams/${team.id}/schedule`,
      { timezone: 'Mars/Olympus', weeklyHours: [{ day: 'MONDAY', start: '18:00', end: '09:00' }] },
      { token: t.admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['timezone', 'weeklyHours[0].end']),
    );
    expect((await t.api.get(`/teams/${team.id}/schedule`, { token: t.admin })).status).toBe(404);
  });

  it('duplicates are 409 conflicts', async () => {
    expect((await t.api.post('/tags', { name: 'VIP', color: 'red' }, { token: t.admin })).status).toBe(201);
    const dup = await t.api.post('/tags', { name: 'vip', color: 'blue' }, { token: t.admin });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('TAG_NAME_TAKEN');
    expect(
      (await t.api.post('/users', { email: 'admin@example.com', name: 'Again' }, { token: t.admin })).body
        .code,
    ).toBe('EMAIL_TAKEN');
  });
});

describe('text that is not Unicode', () => {
  it('a lone surrogate is a 400 naming the field, before WhatsApp is called or anything is stored', async () => {
    const { sim } = t;
    const inWhatsApp = (await sim.templates()).length;
    const created = await t.api.post(
      '/templates',
      templateBody('lone_surrogate', { components: [{ type: 'BODY', text: 'a\ud800b' }] }),
      { token: t.admin },
    );
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([
      { path: 'components[0].text', message: 'Unpaired UTF-16 surrogates are not allowed' },
    ]);
    expect((await sim.templates()).length).toBe(inWhatsApp);
    expect((await t.api.get('/templates?status=PENDING', { token: t.admin })).body.data).toEqual([]);

    const draft = await t.api.post('/templates/draft', templateBody('folder_surrogate'), { token: t.admin });
    expect(draft.status).toBe(201);
    const moved = await t.api.patch(
      `/templates/${draft.body.id}/folder`,
      { folder: 'x\ud800' },
      { token: t.admin },
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors.map((e: { path: string }) => e.path)).toEqual(['folder']);
    expect((await t.api.get(`/templates/${draft.body.id}`, { token: t.admin })).body.folder).toBeNull();
  });
});

describe('template components are checked here, before WhatsApp sees them', () => {
  const otp = { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copiar' }] };
  it.each([
    [
      'an unknown field in a component',
      [{ type: 'BODY', text: 'x', unknown: { deep: [1, 2] } }],
      'UTILITY',
      'components[0].unknown',
    ],
    [
      'variables out of order',
      [{ type: 'BODY', text: 'a {{2}} b {{1}} c', example: { body_text: [['x', 'y']] } }],
      'UTILITY',
      'components[0].text',
    ],
    [
      'a repeated variable',
      [{ type: 'BODY', text: 'a {{1}} b {{1}} c', example: { body_text: [['x']] } }],
      'UTILITY',
      'components[0].text',
    ],
    [
      'an authentication template with a body of its own',
      [{ type: 'BODY', text: 'Tu código' }, otp],
      'AUTHENTICATION',
      'components[0].text',
    ],
  ])('%s is a 400 on create, draft and draft update', async (_name, components, category, field) => {
    const { sim } = t;
    const inWhatsApp = (await sim.templates()).length;
    const draft = await t.api.post('/templates/draft', templateBody('checked_draft'), { token: t.admin });
    const body = templateBody('checked_here', { category, components });
    for (const [method, path] of [
      ['POST', '/templates'],
      ['POST', '/templates/draft'],
      ['PUT', `/templates/${draft.body.id}/draft`],
    ]) {
      const res = await t.api.send(method, path, { token: t.admin, body });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await sim.templates()).length).toBe(inWhatsApp);
    expect((await t.api.get(`/templates/${draft.body.id}`, { token: t.admin })).body.name).toBe(
      'checked_draft',
    );
    await t.api.delete(`/templates/${draft.body.id}`, { token: t.admin });
  });
});

describe('routing and documentation', () => {
  it('unknown routes are 404 problem documents', async () => {
    const res = await t.api.get('/no-such-thing', { token: t.admin });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await client(t.baseUrl.replace('/api/v1', '')).get('/elsewhere')).status).toBe(404);
  });

  it('serves an OpenAPI 3.1 document that covers every route, and a docs page with local assets', async () => {
    const doc = await t.api.get('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    for (const expected of [
      'POST /api/v1/auth/login',
      'GET /api/v1/users',
      'POST /api/v1/users/bulk',
      'PATCH /api/v1/users/{id}/status',
      'PUT /api/v1/teams/{id}/schedule',
      'GET /api/v1/teams/{id}/schedule/status',
      'DELETE /api/v1/teams/{id}/members/{userId}',
      'GET /api/v1/tags/colors',
      'PATCH /api/v1/api-keys/{id}',
      'POST /api/v1/platform/organizations',
      'GET /api/v1/ready',
    ])
      expect(operations).toContain(expected);
    const createUser = doc.body.paths['/api/v1/users'].post;
    expect(createUser.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'name']),
    );
    expect(createUser.responses['403']).toBeDefined();

    const page = await t.api.get('/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('/api/v1/docs/assets/swagger-ui-bundle.js');
    const asset = await fetch(`${t.baseUrl}/docs/assets/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(100_000);
  });

  it('echoes a request id', async () => {
    const res = await t.api.send('GET', '/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect((await t.api.get('/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('is ready while every part answers, and names what fails', async () => {
    const ready = await t.api.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ directory: { up: true, detail: 'SERVING' } });

    await t.system.directory.stop();
    const down = await t.api.get('/ready');
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('NOT_READY');
    expect(down.body.detail).toContain('directory');
    expect((await t.api.get('/health')).status).toBe(200);
    // With the directory gone, calls that need it are 503, not 500.
    expect((await t.api.get('/users', { token: t.admin })).status).toBe(503);
  });
});
