import { register } from 'prom-client';
import { runScrapeHooks } from '@inbox/platform';
import { client } from '../support/http';
import { ADMIN, startTestSystem, type TestSystem } from '../support/system';

let t: TestSystem;
beforeAll(async () => {
  t = await startTestSystem();
});
afterAll(() => t.stop());

/** The value of one sample of a scrape, matched on every label (prom-client writes them in any order). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort()))
      return Number(match[3]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  await runScrapeHooks();
  return register.metrics();
}

async function eventually(predicate: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('counts HTTP requests by route template and status, gRPC calls by method and code, and consumed events', async () => {
  const api = client(t.baseUrl);
  const token = (await api.post('/auth/login', { ...ADMIN })).body.accessToken as string;
  const me = (await api.get('/auth/me', { token })).body.user.id as string;
  expect((await api.get('/users/no-such-user-4711', { token })).status).toBe(404);
  expect((await api.get('/no/such/route/4711')).status).toBe(404);
  expect((await api.patch(`/users/${me}/status`, { status: 'BUSY' }, { token })).status).toBe(200);

  const consumed = { service: 'e2e', queue: 'analytics.events', outcome: 'acked' };
  await eventually(async () => (sample(await scrape(), 'inbox_bus_consumed_total', consumed) ?? 0) > 0);
  const text = await scrape();

  const http = (method: string, route: string, status: string) =>
    sample(text, 'inbox_http_requests_total', { service: 'gateway', method, route, status });
  expect(http('POST', '/api/v1/auth/login', '200')).toBe(1);
  expect(http('GET', '/api/v1/users/:id', '404')).toBe(1);
  expect(http('PATCH', '/api/v1/users/:id/status', '200')).toBe(1);
  expect(http('GET', 'unmatched', '404')).toBe(1);
  expect(
    sample(text, 'inbox_http_request_duration_seconds_count', {
      service: 'gateway',
      method: 'POST',
      route: '/api/v1/auth/login',
      status: '200',
    }),
  ).toBe(1);
  // Bounded labels: no raw path, no id.
  expect(text).not.toContain('4711');
  expect(text).not.toContain(me);

  const grpc = (method: string, code: string) =>
    sample(text, 'inbox_grpc_server_handled_total', {
      service: 'directory',
      method: `/directory.v1.DirectoryService/${method}`,
      code,
    });
  expect(grpc('Login', 'OK')).toBe(1);
  expect(grpc('GetUser', 'NOT_FOUND')).toBe(1);
  expect(grpc('SetUserStatus', 'OK')).toBe(1);

  expect(
    sample(text, 'inbox_bus_consumer_lag_seconds_count', { service: 'e2e', queue: 'analytics.events' }),
  ).toBeGreaterThan(0);
  // The queues this process consumes, read from the broker or the embedded bus's table at scrape time.
  expect(sample(text, 'inbox_bus_queue_depth', { queue: 'analytics.events' })).toEqual(expect.any(Number));
  expect(sample(text, 'inbox_bus_parked_messages', { queue: 'analytics.events' })).toBe(0);
});
