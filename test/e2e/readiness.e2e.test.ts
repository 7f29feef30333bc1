import { client, login } from '../support/http';
import { ADMIN, startTestSystem, type TestSystem } from '../support/system';

/*
 * Kubernetes probes /health (the process itself); /ready reports each dependency. A dependency
 * that is down fails only what needs it: Redis down changes nothing but /ready's body, a service
 * down makes its routes (and /ready) answer 503, never the rest.
 */
let t: TestSystem;

beforeAll(async () => {
  // A Redis that is not there, in both modes.
  t = await startTestSystem({ redisUrl: 'redis://127.0.0.1:1' });
});
afterAll(() => t.stop());

it('with Redis down the gateway is alive and serving; /ready says "degraded" and why', async () => {
  const api = client(t.baseUrl);
  expect((await api.get('/health')).body).toEqual({ status: 'ok' });
  const ready = await api.get('/ready');
  expect(ready.status).toBe(200);
  expect(ready.body.status).toBe('degraded');
  expect(ready.body.checks).toMatchObject({
    directory: { up: true },
    inbox: { up: true },
    templates: { up: true },
    bus: { up: true },
    cache: { up: false },
  });
  const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
  expect((await api.get('/tags', { token })).status).toBe(200);
});

it('with the templates service down, its routes and /ready answer 503; the inbox still works', async () => {
  const api = client(t.baseUrl);
  const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
  await t.system.templates.stop();

  const ready = await api.get('/ready');
  expect(ready.status).toBe(503);
  const failing = ready.body.errors.map((e: { path: string }) => e.path);
  expect(failing).toContain('templates');
  expect(failing).not.toContain('inbox');
  for (const answer of [
    await api.get('/templates', { token }),
    await api.post(
      '/templates/draft',
      { name: 'x', category: 'UTILITY', components: [{ type: 'BODY', text: 'x' }] },
      { token },
    ),
    // The proxied routes too: the public header-media link, and uploads.
    await api.get('/templates/0190d5f5-0000-7000-8000-000000000000/header-media'),
  ]) {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  }
  expect((await api.get('/conversations', { token })).status).toBe(200);
});

it('with the inbox down, /ready and the inbox routes answer 503 problem documents; the rest works', async () => {
  const api = client(t.baseUrl);
  const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
  await t.system.inbox.stop();

  const ready = await api.get('/ready');
  expect(ready.status).toBe(503);
  expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(ready.body.code).toBe('NOT_READY');
  expect(ready.body.errors.map((e: { path: string }) => e.path)).toContain('inbox');

  const conversations = await api.get('/conversations', { token });
  expect(conversations.status).toBe(503);
  expect(conversations.headers.get('content-type')).toMatch(/^application\/problem\+json/);

  expect((await api.get('/health')).status).toBe(200);
  expect((await api.get('/tags', { token })).status).toBe(200);
  expect((await api.post('/auth/login', { ...ADMIN })).status).toBe(200);
});

it('with the broker gone, live updates answer 503 and /ready names the bus; sign-in still works', async () => {
  const api = client(t.baseUrl);
  const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
  await t.bus.close();
  const live = await api.get('/events', { token });
  expect(live.status).toBe(503);
  expect(live.body.code).toBe('BROKER_UNAVAILABLE');
  expect((await api.get('/ready')).body.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ path: 'bus' })]),
  );
  expect((await api.post('/auth/login', { ...ADMIN })).status).toBe(200);
});
