import { BOT_LIMITS, DEFAULT_BOT_SETTINGS, DEFAULT_ROUTING_RULES, type BotSettings } from '@inbox/contracts';
import { conflict, DomainError, invalid, notFound } from '@inbox/platform';
import { ADMIN_KEY, inboxGatewayForTestFile } from '../testing/inbox-stand-in';

// The bot's routes through the gateway's pipeline (real gRPC to a stand-in inbox).

const { answers, call, received, methods } = inboxGatewayForTestFile();

const settings: BotSettings = {
  ...DEFAULT_BOT_SETTINGS,
  intents: [
    {
      name: 'order status',
      examples: ['where is my order'],
      answer: { type: 'text', text: 'Send your order number' },
      category: 'Shipping',
    },
  ],
};
const UPDATED = '2025-03-01T10:00:00.000Z';

/** Examples of the longest length allowed, `total` characters in all, 100 to a list. */
const exampleLists = (total: number) => {
  const all = Array.from({ length: Math.ceil(total / BOT_LIMITS.example) }, (_, i) =>
    'x'.repeat(Math.min(BOT_LIMITS.example, total - i * BOT_LIMITS.example)),
  );
  return Array.from({ length: Math.ceil(all.length / 100) }, (_, i) => all.slice(i * 100, (i + 1) * 100));
};
/** Documents whose training text is one character over the limit (~0.5 MB: within the 1 MiB bodies). */
const OVER = BOT_LIMITS.trainingChars + 1;
const settingsOverTheLimit: BotSettings = {
  ...settings,
  intents: exampleLists(OVER).map((examples, i) => ({
    name: `intent ${i}`,
    examples,
    answer: { type: 'handoff' },
  })),
};
const categoriesOverTheLimit = {
  // Ten categories named c0…c9: their names count too.
  data: exampleLists(OVER - 'c0'.length * 10).map((examples, i) => ({ name: `c${i}`, examples })),
};
const echoDocument = async (request: { json: string }) => ({ json: request.json, updatedAt: UPDATED });

const job = {
  id: 'j1',
  kind: 'reclassify',
  status: 'RUNNING',
  done: 3,
  total: 10,
  result: { matched: 3, reclassified: 2, rerouted: 1, failed: 0 },
  createdAt: UPDATED,
  updatedAt: UPDATED,
};

const conversation = {
  id: 'c1',
  waId: '5215512345678',
  contact: { waId: '5215512345678' },
  status: 'OPEN',
  teamId: 't1',
  origin: 'CUSTOMER',
  followUp: false,
  unreadCount: 0,
  tagIds: [],
  createdAt: UPDATED,
  updatedAt: UPDATED,
};

describe('bot documents', () => {
  it('GET /bot/settings answers the document with its update time (null for the defaults)', async () => {
    answers.GetBotSettings = async () => ({ json: JSON.stringify(DEFAULT_BOT_SETTINGS) });
    const res = await call('GET', '/bot/settings', { key: ADMIN_KEY });
    expect(res).toEqual({ status: 200, body: { ...DEFAULT_BOT_SETTINGS, updatedAt: null } });
  });

  it('PUT /bot/settings sends the checked document as JSON and answers what the inbox stored', async () => {
    answers.PutBotSettings = echoDocument as never;
    const res = await call('PUT', '/bot/settings', { key: ADMIN_KEY, body: settings });
    expect(res).toEqual({ status: 200, body: { ...settings, updatedAt: UPDATED } });
    expect(JSON.parse(received()[0].request.json as string)).toEqual(settings);
    expect(received()[0].caller).toMatchObject({ orgId: 1, role: 'ADMIN' });
  });

  it.each([
    ['PUT', '/bot/settings', { ...settings, maxFallbacks: 0 }, 'maxFallbacks'],
    ['PUT', '/bot/settings', { ...settings, language: 'fr' }, 'language'],
    [
      'PUT',
      '/bot/settings',
      { ...settings, intents: [{ ...settings.intents[0], examples: [] }] },
      'intents[0].examples',
    ],
    ['PUT', '/bot/settings', { ...settings, extra: true }, '(body)'],
    ['PUT', '/bot/categories', { data: [{ name: 'Billing' }, { name: 'billing' }] }, 'data'],
    ['PUT', '/routing-rules', { ...DEFAULT_ROUTING_RULES, agentCapacity: 0 }, 'agentCapacity'],
    [
      'PUT',
      '/routing-rules',
      { ...DEFAULT_ROUTING_RULES, rules: [{ name: 'x', when: {}, teamId: 't1', assign: 'random' }] },
      'rules[0].assign',
    ],
    ['POST', '/conversations/re-classify', { scope: 'everything' }, 'scope'],
  ])(
    '%s %s refuses an invalid body (%#) with a 400 problem naming the field',
    async (method, path, body, field) => {
      const res = await call(method, path, { key: ADMIN_KEY, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
      expect(res.body!.errors!.map((e) => e.path)).toContain(field);
      expect(methods()).toEqual([]);
    },
  );

  it.each([
    ['/bot/settings', settingsOverTheLimit, 'intents', 'The intents’ examples total 500,001 characters'],
    ['/bot/categories', categoriesOverTheLimit, 'data', 'descriptions and examples total 500,001 characters'],
  ])(
    'PUT %s refuses a document over the training-text limit with a 400 naming the total; the inbox is not asked',
    async (path, body, field, total) => {
      const res = await call('PUT', path, { key: ADMIN_KEY, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
      expect(res.body!.errors).toEqual([{ path: field, message: expect.stringContaining(total) as string }]);
      expect(res.body!.errors![0].message).toContain('at most 500,000 per document');
      expect(methods()).toEqual([]);
    },
  );

  it('GET answers a document stored over the training-text limit (stored before it existed)', async () => {
    answers.GetBotSettings = async () => ({ json: JSON.stringify(settingsOverTheLimit), updatedAt: UPDATED });
    const res = await call('GET', '/bot/settings', { key: ADMIN_KEY });
    expect(res).toEqual({ status: 200, body: { ...settingsOverTheLimit, updatedAt: UPDATED } });
  });

  it.each([
    ['GET', '/bot/settings', undefined],
    ['PUT', '/bot/settings', settings],
    ['GET', '/bot/categories', undefined],
    ['PUT', '/bot/categories', { data: [] }],
    ['GET', '/routing-rules', undefined],
    ['PUT', '/routing-rules', DEFAULT_ROUTING_RULES],
    ['POST', '/conversations/re-classify', { scope: 'all_open' }],
  ])('%s %s is for Admins: 403 for an Agent, the inbox not asked', async (method, path, body) => {
    const res = await call(method, path, { body });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(methods()).toEqual([]);
  });

  it('answers 401 without credentials', async () => {
    expect((await call('GET', '/jobs/j1', { key: '' })).status).toBe(401);
  });

  it('PUT /bot/settings: an unknown intent category is a 422 with the path, no channel a 409', async () => {
    answers.PutBotSettings = async () => {
      throw invalid('UNKNOWN_CATEGORY', 'An intent’s category must be one of /bot/categories', [
        { path: 'intents[0].category', message: 'No category "Shipping"' },
      ]);
    };
    const unknown = await call('PUT', '/bot/settings', { key: ADMIN_KEY, body: settings });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      code: 'UNKNOWN_CATEGORY',
      errors: [{ path: 'intents[0].category', message: 'No category "Shipping"' }],
    });

    answers.PutBotSettings = async () => {
      throw conflict('CHANNEL_NOT_CONFIGURED', 'Configure the WhatsApp channel before enabling the bot');
    };
    const noChannel = await call('PUT', '/bot/settings', {
      key: ADMIN_KEY,
      body: { ...settings, enabled: true },
    });
    expect(noChannel).toMatchObject({ status: 409, body: { code: 'CHANNEL_NOT_CONFIGURED' } });
  });

  it('PUT /routing-rules: a team that is not an active team of the organization is a 422 with the paths', async () => {
    answers.PutRoutingRules = async () => {
      throw invalid('TEAM_NOT_FOUND', 'Routing rules must name active teams of the organization', [
        { path: 'fallbackTeamId', message: 'No such team' },
      ]);
    };
    const res = await call('PUT', '/routing-rules', {
      key: ADMIN_KEY,
      body: { ...DEFAULT_ROUTING_RULES, fallbackTeamId: 'nope' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'TEAM_NOT_FOUND', errors: [{ path: 'fallbackTeamId' }] });
  });

  it('PUT /bot/categories and GET /routing-rules round-trip their documents', async () => {
    answers.PutBotCategories = echoDocument as never;
    const categories = { data: [{ name: 'Billing', examples: ['my invoice'] }] };
    expect(await call('PUT', '/bot/categories', { key: ADMIN_KEY, body: categories })).toEqual({
      status: 200,
      body: { ...categories, updatedAt: UPDATED },
    });
    answers.GetRoutingRules = async () => ({
      json: JSON.stringify(DEFAULT_ROUTING_RULES),
      updatedAt: UPDATED,
    });
    expect((await call('GET', '/routing-rules', { key: ADMIN_KEY })).body).toEqual({
      ...DEFAULT_ROUTING_RULES,
      updatedAt: UPDATED,
    });
  });
});

describe('bot actions on a conversation', () => {
  it('POST /conversations/{id}/re-classify answers the classification, nulls for what is unset', async () => {
    answers.ReclassifyConversation = async () => ({ confidence: 0.42, source: 'ai', engine: 'builtin' });
    const res = await call('POST', '/conversations/c1/re-classify');
    expect(res).toEqual({
      status: 200,
      body: { category: null, confidence: 0.42, source: 'ai', previousCategory: null, engine: 'builtin' },
    });
    expect(received()[0]).toMatchObject({ method: 'ReclassifyConversation', request: { id: 'c1' } });
  });

  it('POST /conversations/{id}/re-route answers the route and the conversation', async () => {
    answers.RerouteConversation = async () => ({
      teamId: 't1',
      rule: 'Sales',
      matchedBy: 'rule',
      conversation,
    });
    const res = await call('POST', '/conversations/c1/re-route');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      teamId: 't1',
      assignedTo: null,
      rule: 'Sales',
      matchedBy: 'rule',
      conversation: { id: 'c1', status: 'OPEN', teamId: 't1', assignedTo: null },
    });
  });

  it('POST /conversations/{id}/re-route: a closed conversation is a 409, an unknown one a 404', async () => {
    answers.RerouteConversation = async () => {
      throw conflict('INVALID_TRANSITION', 'Cannot re-route a conversation that is CLOSED: reopen it first');
    };
    expect(await call('POST', '/conversations/c1/re-route')).toMatchObject({
      status: 409,
      body: { code: 'INVALID_TRANSITION' },
    });
    answers.RerouteConversation = async () => {
      throw notFound('Conversation');
    };
    expect((await call('POST', '/conversations/c2/re-route')).status).toBe(404);
  });

  it('POST /conversations/{id}/generate-handoff-summary answers the draft', async () => {
    answers.GenerateHandoffSummary = async () => ({
      summary: 'Wants a refund',
      source: 'llm',
      generatedAt: UPDATED,
    });
    expect(await call('POST', '/conversations/c1/generate-handoff-summary')).toEqual({
      status: 200,
      body: { summary: 'Wants a refund', source: 'llm', generatedAt: UPDATED },
    });
  });

  it('refuses an id too long before asking the inbox', async () => {
    const res = await call('POST', `/conversations/${'x'.repeat(300)}/re-classify`);
    expect(res.status).toBe(400);
    expect(methods()).toEqual([]);
  });
});

describe('jobs', () => {
  it('POST /conversations/re-classify starts a job: 202 with the job', async () => {
    answers.StartReclassifyJob = async () => ({
      ...job,
      status: 'QUEUED',
      done: 0,
      total: 0,
      result: undefined,
    });
    const res = await call('POST', '/conversations/re-classify', {
      key: ADMIN_KEY,
      body: { scope: 'unassigned' },
    });
    expect(res).toEqual({
      status: 202,
      body: {
        id: 'j1',
        kind: 'reclassify',
        status: 'QUEUED',
        progress: { done: 0, total: 0 },
        result: null,
        createdAt: UPDATED,
        updatedAt: UPDATED,
        finishedAt: null,
      },
    });
    expect(received()[0]).toMatchObject({ method: 'StartReclassifyJob', request: { scope: 'unassigned' } });
  });

  it('GET /jobs/{id} answers the job for any user; another organization’s is a 404', async () => {
    answers.GetJob = async () => job;
    expect(await call('GET', '/jobs/j1')).toMatchObject({
      status: 200,
      body: { status: 'RUNNING', progress: { done: 3, total: 10 }, result: job.result, finishedAt: null },
    });
    answers.GetJob = async () => {
      throw notFound('Job');
    };
    expect(await call('GET', '/jobs/j2')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('an inbox that is down is a 503, not a 500', async () => {
    answers.GetJob = async () => {
      throw new DomainError('unavailable', 'UNAVAILABLE', 'down');
    };
    expect((await call('GET', '/jobs/j1')).status).toBe(503);
  });
});
