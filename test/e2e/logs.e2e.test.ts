import { Writable } from 'node:stream';
import { createLogger } from '@inbox/platform';
import { client } from '../support/http';
import { ADMIN, startTestSystem, type TestSystem } from '../support/system';

/** Raw JSON lines, as a log collector reads them (a duplicate key survives only in the text). */
const raw: string[] = [];
let t: TestSystem;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // Debug: every gRPC call writes a line with its request id.
  t = await startTestSystem({ logger: createLogger('e2e', 'debug', sink) });
});
afterAll(() => t.stop());

const linesOf = (requestId: string) =>
  raw.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === requestId);

/** Resolves once `predicate` holds (events are consumed after the answer); fails the test after `timeoutMs`. */
async function eventually(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const PINO_DEBUG = 20;
const PINO_INFO = 30;

it('login, refresh, logout and the principal lookup reach the directory under the caller’s X-Request-Id', async () => {
  const api = client(t.baseUrl);
  const send = (path: string, body: unknown, requestId: string, token?: string) =>
    api.send('POST', path, { body, token, headers: { 'x-request-id': requestId } });
  const login = await send('/auth/login', { ...ADMIN }, 'trace-login-1');
  expect(login.status).toBe(200);
  const me = await api.send('GET', '/auth/me', {
    token: login.body.accessToken,
    headers: { 'x-request-id': 'trace-me-1' },
  });
  expect(me.status).toBe(200);
  const refreshed = await send('/auth/refresh', { refreshToken: login.body.refreshToken }, 'trace-refresh-1');
  expect(refreshed.status).toBe(200);
  expect(
    (await send('/auth/logout', { refreshToken: refreshed.body.refreshToken }, 'trace-logout-1')).status,
  ).toBe(204);

  const calls = (requestId: string) =>
    linesOf(requestId).map((l) => `${String(l.service)} ${String(l.method)}`);
  expect(calls('trace-login-1')).toContain('directory Login');
  expect(calls('trace-me-1')).toEqual(
    expect.arrayContaining(['directory GetUserPrincipal', 'directory GetUser']),
  );
  expect(calls('trace-refresh-1')).toContain('directory Refresh');
  expect(calls('trace-logout-1')).toContain('directory Logout');

  const templates = await api.send('GET', '/templates', {
    token: refreshed.body.accessToken,
    headers: { 'x-request-id': 'trace-templates-1' },
  });
  expect(templates.status).toBe(200);
  expect(calls('trace-templates-1')).toContain('templates ListTemplates');
});

it('one request id on the gateway’s access line, the service’s lines and the lines of a consumer of its event', async () => {
  const api = client(t.baseUrl);
  const token = (await api.post('/auth/login', { ...ADMIN })).body.accessToken as string;
  const me = (await api.get('/auth/me', { token })).body.user.id as string;
  const changed = await api.send('PATCH', `/users/${me}/status`, {
    token,
    body: { status: 'AWAY' },
    headers: { 'x-request-id': 'trace-status-1' },
  });
  expect(changed.status).toBe(200);
  expect(changed.headers.get('x-request-id')).toBe('trace-status-1');

  // The directory records directory.user.status_changed.v1; the analytics consumer takes it later.
  const consumed = (l: Record<string, unknown>) =>
    l.msg === 'event consumed' && l.queue === 'analytics.events';
  await eventually(() => linesOf('trace-status-1').some(consumed));
  const lines = linesOf('trace-status-1');
  expect(lines).toContainEqual(
    expect.objectContaining({
      service: 'gateway',
      msg: 'request',
      level: PINO_INFO,
      method: 'PATCH',
      route: '/api/v1/users/:id/status',
      status: 200,
      ms: expect.any(Number),
    }),
  );
  expect(lines).toContainEqual(expect.objectContaining({ service: 'directory', method: 'SetUserStatus' }));
  expect(lines.find(consumed)).toMatchObject({ type: 'directory.user.status_changed.v1', outcome: 'acked' });
});

it('the gateway makes the id when the caller sends none or one that is not sane, and probes log at debug', async () => {
  const api = client(t.baseUrl);
  const made = await api.get('/health');
  const replaced = await api.send('GET', '/health', {
    headers: { 'x-request-id': 'not sane: spaces & ' + 'x'.repeat(120) },
  });
  const unknown = await api.send('GET', '/no/such/route/4711', {
    headers: { 'x-request-id': 'trace-unknown-1' },
  });
  expect(unknown.status).toBe(404);
  for (const answer of [made, replaced]) {
    const id = answer.headers.get('x-request-id') as string;
    expect(id).toMatch(/^[\w.-]{1,100}$/);
    expect(linesOf(id)).toContainEqual(
      expect.objectContaining({ msg: 'request', level: PINO_DEBUG, route: '/api/v1/health', status: 200 }),
    );
  }
  // An unknown path is logged under no route of its own: raw paths would flood the metrics' labels.
  expect(linesOf('trace-unknown-1')).toContainEqual(
    expect.objectContaining({ msg: 'request', level: PINO_INFO, route: 'unmatched', status: 404 }),
  );
});

it('every line has one "service" (the part of the process that wrote it) and no pino "name"', () => {
  expect(raw.length).toBeGreaterThan(0);
  for (const line of raw) {
    expect(line.match(/"service":/g)).toHaveLength(1);
    expect(JSON.parse(line)).not.toHaveProperty('name');
  }
  const services = new Set(raw.map((l) => (JSON.parse(l) as { service: string }).service));
  expect(
    [...services].every((s) =>
      ['e2e', 'directory', 'inbox', 'templates', 'campaigns', 'analytics', 'gateway'].includes(s),
    ),
  ).toBe(true);
  expect(services).toContain('directory');
});
