import http from 'node:http';
import { Writable } from 'node:stream';
import { createLogger, signAccessToken } from '@inbox/platform';
import { client } from '../support/http';
import { ADMIN, PLATFORM_TOKEN, startTestSystem, type TestSystem } from '../support/system';

let t: TestSystem;
let token: string;
/** The JSON lines the processes log (debug level: one line per gRPC call, with its request id). */
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestSystem({
    logger: createLogger('e2e', 'debug', sink),
    limits: {
      LOGIN_LIMIT_PER_ACCOUNT: 3,
      RATE_LIMIT_PER_MINUTE: 20,
      AUTH_FAILURES_PER_IP: 5,
      ACCEPT_INVITE_LIMIT_PER_IP: 3,
    },
  });
  token = (
    await client(t.baseUrl).post('/auth/login', { clientId: 1, email: ADMIN.email, password: ADMIN.password })
  ).body.accessToken;
});
afterAll(() => t.stop());

/**
 * A request from another loopback address (127.0.0.0/8 all reach this host), so a test can be a
 * second client without trusting X-Forwarded-For.
 */
function from(address: string) {
  const url = new URL(t.baseUrl);
  return (
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: any; retryAfter?: string }> =>
    new Promise((resolve, reject) => {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${path}`,
          method,
          localAddress: address,
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              body: text ? JSON.parse(text) : undefined,
              retryAfter: res.headers['retry-after'] as string | undefined,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

const login = (password: string) => ({ body: { clientId: 1, email: ADMIN.email, password } });

it('login counts wrong passwords per account and address: 429 with Retry-After there, nowhere else', async () => {
  const stranger = from('127.0.0.2');
  // Successful sign-ins spend nothing: more of them than the limit all pass.
  for (let i = 0; i < 4; i++)
    expect((await stranger('POST', '/auth/login', login(ADMIN.password))).status).toBe(200);
  for (let i = 0; i < 3; i++)
    expect((await stranger('POST', '/auth/login', login('wrong-password'))).status).toBe(401);
  const limited = await stranger('POST', '/auth/login', login('wrong-password'));
  expect(limited.status).toBe(429);
  expect(limited.body.code).toBe('RATE_LIMITED');
  expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
  // Even the right password waits at that address: the limit protects the account, not the guess.
  expect((await stranger('POST', '/auth/login', login(ADMIN.password))).status).toBe(429);
  // The account's owner, elsewhere, is not locked out by the stranger's guesses.
  expect((await from('127.0.0.3')('POST', '/auth/login', login(ADMIN.password))).status).toBe(200);
});

it('failed authentications are counted per address before any lookup: bad tokens end in 429', async () => {
  const attacker = from('127.0.0.4');
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++)
    statuses.push(
      (await attacker('GET', '/tags', { headers: { authorization: `Bearer forged.${i}.x` } })).status,
    );
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  // Once over, a valid token from that address waits too; other addresses are untouched.
  const valid = { headers: { authorization: `Bearer ${token}` } };
  const refused = await attacker('GET', '/tags', valid);
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  expect((await from('127.0.0.5')('GET', '/tags', valid)).status).toBe(200);
});

it('an expired access token is no guess: it answers TOKEN_EXPIRED and spends no failures', async () => {
  const client2 = from('127.0.0.10');
  const { signingKeys } = t.system.directory.deps.settings;
  const me = (await client(t.baseUrl).get('/auth/me', { token })).body.user.id as string;
  const expired = signAccessToken(signingKeys.privateKeyPem, { orgId: 1, userId: me }, -60);
  for (let i = 0; i < 7; i++) {
    const answer = await client2('GET', '/tags', { headers: { authorization: `Bearer ${expired}` } });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('TOKEN_EXPIRED');
  }
  expect((await client2('GET', '/tags', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
});

it('an unknown API key is remembered briefly: a repeated one does not reach the directory again', async () => {
  const prober = from('127.0.0.6');
  const key = { headers: { 'x-api-key': 'ibx_notakey_0123456789abcdef0123456789abcdef' } };
  const lookups = () => lines.filter((l) => l.method === 'AuthenticateApiKey').length;
  const before = lookups();
  for (let i = 0; i < 3; i++) expect((await prober('GET', '/tags', key)).status).toBe(401);
  expect(lookups() - before).toBe(1);
  // Different made-up keys each need a lookup, so they spend the address's failures: 429 follows.
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await prober('GET', '/tags', { headers: { 'x-api-key': `ibx_guess${i}_x` } })).status);
  expect(statuses).toEqual([401, 401, 429, 429]);
  expect(lookups() - before).toBe(3);
});

it('a wrong platform token counts as a failed authentication', async () => {
  const operator = from('127.0.0.7');
  const create = (secret: string) =>
    operator('POST', '/platform/organizations', {
      headers: { authorization: `Bearer ${secret}` },
      body: { name: 'Guessed', admin: { email: 'g@example.com', name: 'G', password: 'a-good-password' } },
    });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await create(`${PLATFORM_TOKEN}-guess-${i}`)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  // The right token from a fresh address still works.
  expect(
    (
      await from('127.0.0.8')('POST', '/platform/organizations', {
        headers: { authorization: `Bearer ${PLATFORM_TOKEN}` },
        body: { name: 'Real', admin: { email: 'r@example.com', name: 'R', password: 'a-good-password' } },
      })
    ).status,
  ).toBe(201);
});

it('accept-invite has its own per-address limit', async () => {
  const guesser = from('127.0.0.9');
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push(
      (
        await guesser('POST', '/auth/accept-invite', {
          body: { token: `guess-${i}`, password: 'a-good-password' },
        })
      ).status,
    );
  expect(statuses).toEqual([401, 401, 401, 429]);
});

it('signed-in callers are limited per principal; health probes are not limited', async () => {
  const api = client(t.baseUrl);
  // A principal of its own, whose minute nothing else has spent.
  const apiKey = (await api.post('/api-keys', { name: 'limited' }, { token })).body.key as string;
  const statuses: number[] = [];
  for (let i = 0; i < 24; i++) statuses.push((await api.get('/tags', { apiKey })).status);
  expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  for (let i = 0; i < 25; i++) expect((await api.get('/health')).status).toBe(200);
});
