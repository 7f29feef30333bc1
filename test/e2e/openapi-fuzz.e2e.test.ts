import { client, type Answer } from '../support/http';
import { deeplyNested, seededRandom } from '../support/fuzz';
import { requestBuilder, type FuzzRequest, type Operation } from '../support/fuzz-requests';
import { ADMIN, MODE, PLATFORM_TOKEN } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate, templateBody } from '../support/templates';
import { makeUser } from '../support/world';

/**
 * Calls every operation of the OpenAPI document with hostile input built from its own schemas,
 * as an Admin, and expects no 5xx and a problem document for every error. The request helper
 * also checks each answer against the document. Reproduce a failure with its FUZZ_SEED.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 14);
/** Past this the walk stops starting new cases, so CI stays bounded on a slow machine. */
const BUDGET_MS = 75_000;

jest.setTimeout(240_000);

const t = systemForTestFile();
/** Real ids by collection (`users`, `conversations`, …): hostile values next to real ones reach further. */
const pools = new Map<string, string[]>();
const buildCase = requestBuilder(pools);

const ids = async (path: string, token: string, field = 'id'): Promise<string[]> => {
  const res = await t.api.get(path, { token });
  return ((res.body?.data ?? []) as Array<Record<string, string>>).map((item) => item[field]);
};

beforeAll(async () => {
  const agent = await makeUser(t, t.admin, { email: 'fuzz.agent@example.com' });
  await t.api.post('/teams', { name: 'Fuzz team' }, { token: t.admin });
  await t.api.post('/tags', { name: 'Fuzz tag', color: 'red' }, { token: t.admin });
  await t.api.post('/api-keys', { name: 'Fuzz key', role: 'AGENT' }, { token: t.admin });
  await t.api.post('/quick-replies', { shortcut: 'fuzz', label: 'Fuzz', text: 'Hello' }, { token: t.admin });
  await t.sim.inbound({ from: '5215550001111', name: 'Fuzz', type: 'text', text: 'hello there' });
  const template = await approvedTemplate(t.api, t.admin, 'fuzz_template');
  const draft = await t.api.post('/templates/draft', templateBody('fuzz_draft'), { token: t.admin });
  const conversations = await waitForIds('/conversations');
  const me = (await t.api.get('/auth/me', { token: t.admin })).body.user.id as string;
  // Never the Admin itself: deleting or demoting it would end the walk, not find a bug.
  pools.set('users', [agent.id]);
  pools.set('teams', await ids('/teams', t.admin));
  pools.set('tags', await ids('/tags', t.admin));
  pools.set('api-keys', await ids('/api-keys', t.admin));
  pools.set('quick-replies', await ids('/quick-replies', t.admin));
  pools.set('conversations', conversations);
  pools.set('contacts', await ids('/contacts', t.admin, 'waId'));
  pools.set('messages', await ids(`/conversations/${conversations[0]}/messages`, t.admin));
  pools.set('templates', [template.id, draft.body.id]);
  pools.set('template-names', ['fuzz_template', 'fuzz_draft']);
  expect(me).not.toBe(agent.id);
});

async function waitForIds(path: string): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const found = await ids(path, t.admin);
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing at ${path}`);
}

/** Operations that cannot be called like the others. */
const SKIPPED = new Set([
  // An open Server-Sent-Events stream never ends; its query is covered by the validation rules.
  'GET /api/v1/events',
]);

const ORDER = ['get', 'post', 'put', 'patch', 'delete'];

it(`answers hostile input to every operation with a 4xx problem document, never a 5xx (${MODE}, seed ${SEED})`, async () => {
  const document = (await t.api.get('/openapi.json')).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = Object.entries(document.paths)
    .flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ template, method, op })),
    )
    .filter(({ template, method }) => !SKIPPED.has(`${method.toUpperCase()} ${template}`))
    // Reads first and deletions last, so fewer ids have disappeared when the writes come.
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  const random = seededRandom(SEED);
  const failures: string[] = [];
  const started = Date.now();
  let calls = 0;
  // Round by round over every operation: on a slow machine the budget cuts depth, never coverage.
  for (let round = 0; round < CASES_PER_OPERATION && Date.now() - started < BUDGET_MS; round++) {
    for (const { template, method, op } of operations) {
      const platform = op.security?.some((s) => 'platformToken' in s);
      const request = buildCase(random, template, method, op);
      const res = await call(request, platform ? PLATFORM_TOKEN : t.admin).catch((error: Error) => error);
      calls += 1;
      const verdict = judge(res);
      if (verdict) failures.push(`${verdict} ← ${show(request)}`);
      // A case that signed the Admin out (logout, password change) is not a bug: sign in again.
      if (!(res instanceof Error) && res.status === 401 && !platform && op.security?.length) await relogin();
    }
  }
  if (failures.length > 0)
    throw new Error(
      `${failures.length} of ${calls} fuzz calls failed (FUZZ_SEED=${SEED}):\n${failures.slice(0, 25).join('\n')}`,
    );
  expect(calls).toBeGreaterThanOrEqual(operations.length); // at least one full round
});

function call(request: FuzzRequest, token: string): Promise<Answer> {
  return client(t.baseUrl).send(request.method, request.path, {
    token,
    body: request.body,
    rawBody: request.rawBody,
    headers: request.headers,
  });
}

async function relogin(): Promise<void> {
  const res = await t.api.post('/auth/login', {
    clientId: ADMIN.clientId,
    email: ADMIN.email,
    password: ADMIN.password,
  });
  if (res.status === 200) t.admin = res.body.accessToken;
}

function judge(res: Answer | Error): string | undefined {
  if (res instanceof Error) return res.message; // the OpenAPI check in the helper, or a dropped connection
  if (res.status >= 500) return `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  if (res.status >= 400) {
    const type = res.headers.get('content-type') ?? '';
    const body = res.body as { status?: number; code?: string };
    if (
      !type.startsWith('application/problem+json') ||
      body.status !== res.status ||
      typeof body.code !== 'string'
    )
      return `${res.status} is not a problem document: ${type} ${JSON.stringify(res.body).slice(0, 200)}`;
  }
  return undefined;
}

function show(request: FuzzRequest): string {
  const body = request.rawBody ?? (request.body === undefined ? '' : JSON.stringify(request.body));
  return `${request.method} ${request.path.slice(0, 200)} ${body.slice(0, 200)}`;
}

describe('the 500s the walk found', () => {
  it.each([
    [
      'a user id to assign',
      async (c: string) =>
        t.api.post(`/conversations/${c}/assign`, { userId: 'a\u0000b' }, { token: t.admin }),
    ],
    ['a quick reply id', async () => t.api.get('/quick-replies/a%00b/media', { token: t.admin })],
    [
      'a conversation id for a media send',
      async () =>
        t.api.send('POST', '/conversations/a%00b/messages/media', {
          token: t.admin,
          rawBody: 'x',
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
        }),
    ],
  ])('NUL in %s is a 400 naming the field', async (_name, request) => {
    const res = await request(pools.get('conversations')![0]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ message: 'Control characters are not allowed' }],
    });
  });

  it.each(['/users/%zz', '/teams/%C0%AF/schedule', '/messages/%ED%A0%80/media'])(
    'a path that is not percent-encoded UTF-8 is a 400: %s',
    async (path) => {
      const res = await t.api.get(path, { token: t.admin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('MALFORMED_PATH');
    },
  );

  it('a JSON body sent to an upload is a 415, not a 503 from the proxy', async () => {
    const quickReply = pools.get('quick-replies')![0];
    const res = await t.api.post(
      `/quick-replies/${quickReply}/media`,
      { text: 'x'.repeat(300_000) },
      { token: t.admin },
    );
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('JSON nested 100,000 levels deep is a 400', async () => {
    const res = await t.api.send('POST', '/auth/login', {
      rawBody: deeplyNested(100_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/Nested deeper/);
  });
});
