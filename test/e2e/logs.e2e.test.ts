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
