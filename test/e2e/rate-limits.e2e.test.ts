import { client } from '../support/http';
import { ADMIN, startTestSystem, type TestSystem } from '../support/system';

let t: TestSystem;
let token: string;

beforeAll(async () => {
  t = await startTestSystem({ limits: { LOGIN_LIMIT_PER_ACCOUNT: 3, RATE_LIMIT_PER_MINUTE: 20 } });
  // The first of the account's 3 attempts.
  token = (
    await client(t.baseUrl).post('/auth/login', { clientId: 1, email: ADMIN.email, password: ADMIN.password })
  ).body.accessToken;
});
afterAll(() => t.stop());

it('login is limited per account with 429 and Retry-After, other accounts unaffected', async () => {
  const api = client(t.baseUrl);
  const attempt = (email: string) =>
    api.post('/auth/login', { clientId: 1, email, password: 'wrong-password' });
  for (let i = 0; i < 2; i++) expect((await attempt(ADMIN.email)).status).toBe(401);
  const limited = await attempt(ADMIN.email);
  expect(limited.status).toBe(429);
  expect(limited.body.code).toBe('RATE_LIMITED');
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  // Even the right password waits: the limit protects the account, not the guess.
  expect(
    (await api.post('/auth/login', { clientId: 1, email: ADMIN.email, password: ADMIN.password })).status,
  ).toBe(429);
  expect((await attempt('someone-else@example.com')).status).toBe(401);
});

it('signed-in callers are limited per principal; health probes are not limited', async () => {
  const api = client(t.baseUrl);
  const statuses: number[] = [];
  for (let i = 0; i < 24; i++) statuses.push((await api.get('/tags', { token })).status);
  expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  for (let i = 0; i < 25; i++) expect((await api.get('/health')).status).toBe(200);
});
