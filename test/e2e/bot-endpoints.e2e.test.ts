import {
  botSettings,
  botTextsOf,
  CATEGORIES,
  configureBot,
  conversationOf,
  expectProblem,
  fieldPaths,
  makeTeam,
  read,
  recordLiveEvents,
  setStatus,
  waitForJob,
} from '../support/bot';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeOrganization, makeUser } from '../support/world';

jest.setTimeout(120_000);

const t = systemForTestFile();
let agent: { id: string; token: string };
let other: string;
let billing: string;
let support: string;
let general: string;
let live: Awaited<ReturnType<typeof recordLiveEvents>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const CATEGORY_NAMES = CATEGORIES.data.map((c) => c.name);

/** Customers of this file; the bot is off, so each conversation waits OPEN for classification. */
const customers = {
  invoice: { waId: '5215550002001', text: 'Necesito mi factura' },
  buyer: { waId: '5215550002002', text: 'Quiero comprar dos piezas' },
  nonsense: { waId: '5215550002003', text: 'glorp zzk plonk' },
  order: { waId: '5215550002004', text: 'Mi pedido 5521 no ha llegado, lo pagué con juan@example.com' },
};
const ids: Record<keyof typeof customers, string> = {} as never;

beforeAll(async () => {
  agent = await makeUser(t, t.admin, { email: 'bot-endpoints-agent@example.com', name: 'Ana Agente' });
  await setStatus(t.api, t.admin, agent.id, 'ONLINE');
  billing = await makeTeam(t.api, t.admin, 'Facturación');
  support = await makeTeam(t.api, t.admin, 'Soporte', [agent.id]);
  general = await makeTeam(t.api, t.admin, 'General');
  other = (await makeOrganization(t, 42)).token;
  await configureBot(t.api, t.admin, {
    categories: CATEGORIES,
    routing: {
      rules: [
        {
          name: 'Facturación por categoría',
          when: { categories: ['facturacion'] },
          teamId: billing,
          assign: 'queue',
        },
        { name: 'Pedidos', when: { keywords: ['pedido'] }, teamId: support, assign: 'round_robin' },
      ],
      fallbackTeamId: general,
      agentCapacity: 20,
    },
    settings: botSettings({ enabled: false }),
  });
  for (const [key, c] of Object.entries(customers)) {
    await t.sim.inbound({ from: c.waId, type: 'text', text: c.text });
    ids[key as keyof typeof customers] = (await conversationOf(t, c.waId)).id;
  }
  live = await recordLiveEvents(t.baseUrl, t.admin);
});

afterAll(async () => live?.close());

const post = (path: string, body?: unknown, token = t.admin) => t.api.post(path, body, { token });
const conversation = (id: string, token = t.admin) => read(t.api, `/conversations/${id}`, token);
/** Every active conversation of the organization. */
const activeConversations = async (token = t.admin): Promise<any[]> =>
  (await read(t.api, '/conversations?limit=100', token)).data.filter((c: any) => c.status !== 'CLOSED');

it(`leaves the conversations alone while the bot is off (${MODE})`, async () => {
  for (const id of Object.values(ids)) {
    expect(await conversation(id)).toMatchObject({ status: 'OPEN', category: null, teamId: null });
    expect(await botTextsOf(t, id)).toEqual([]);
  }
});

describe(`POST /conversations/{id}/re-classify (${MODE})`, () => {
  it('picks a category of the list, stores it, and says what it was before', async () => {
    const res = await post(`/conversations/${ids.invoice}/re-classify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      category: 'facturacion',
      source: 'ai',
      previousCategory: null,
      engine: 'builtin',
    });
    expect(res.body.confidence).toBeGreaterThan(0);
    expect(res.body.confidence).toBeLessThanOrEqual(1);
    expect((await conversation(ids.invoice)).category).toBe('facturacion');
    const event = await live.waitFor(
      'inbox.conversation.categorized.v1',
      (d) => d.conversationId === ids.invoice && d.source === 'ai',
    );
    expect(event.data).toMatchObject({ category: 'facturacion', previous: null });

    // An agent's category is replaced, and reported as the previous one; agents may ask too.
    const patched = await t.api.patch(
      `/conversations/${ids.buyer}`,
      { category: 'soporte' },
      { token: agent.token },
    );
    expect(patched.status).toBe(200);
    const again = await post(`/conversations/${ids.buyer}/re-classify`, undefined, agent.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ category: 'ventas', previousCategory: 'soporte', source: 'ai' });
    expect((await conversation(ids.buyer)).category).toBe('ventas');
  });

  it('never invents a category for text it cannot place', async () => {
    const res = await post(`/conversations/${ids.nonsense}/re-classify`);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('ai');
    expect([null, ...CATEGORY_NAMES]).toContain(res.body.category);
    expect((await conversation(ids.nonsense)).category).toBe(res.body.category);
  });
});

describe(`POST /conversations/{id}/re-route (${MODE})`, () => {
  it('gives the team of the first matching rule, with the rule’s name', async () => {
    const res = await post(`/conversations/${ids.invoice}/re-route`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      teamId: billing,
      assignedTo: null,
      rule: 'Facturación por categoría',
      matchedBy: 'rule',
      conversation: { id: ids.invoice, teamId: billing },
    });
    expect((await conversation(ids.invoice)).teamId).toBe(billing);
  });

  it('assigns an ONLINE member of the team when the rule assigns round robin', async () => {
    const res = await post(`/conversations/${ids.order}/re-route`, undefined, agent.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      teamId: support,
      assignedTo: agent.id,
      rule: 'Pedidos',
      matchedBy: 'rule',
      conversation: { teamId: support, assignedTo: agent.id },
    });
    expect(await conversation(ids.order)).toMatchObject({ teamId: support, assignedTo: agent.id });
  });

  it('falls back to the fallback team when no rule matches', async () => {
    await t.api.patch(`/conversations/${ids.nonsense}`, { category: null }, { token: t.admin });
    const res = await post(`/conversations/${ids.nonsense}/re-route`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ teamId: general, rule: null, matchedBy: 'fallback' });
    expect((await conversation(ids.nonsense)).teamId).toBe(general);
  });
});

describe(`POST /conversations/{id}/generate-handoff-summary (${MODE})`, () => {
  it('previews a summary in the customer’s words and saves nothing', async () => {
    const previous = 'Resumen previo del agente';
    const patched = await t.api.patch(
      `/conversations/${ids.order}`,
      { handoffSummary: previous },
      { token: t.admin },
    );
    expect(patched.status).toBe(200);
    const before = await conversation(ids.order);
    const res = await post(`/conversations/${ids.order}/generate-handoff-summary`, undefined, agent.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ summary: expect.any(String), source: 'builtin' });
    expect(res.body.summary).toContain('5521');
    expect(res.body.summary).toContain('juan@example.com');
    expect(Math.abs(Date.parse(res.body.generatedAt) - Date.now())).toBeLessThan(60_000);
    const after = await conversation(ids.order);
    expect(after.handoffSummary).toBe(previous);
    expect(after.updatedAt).toBe(before.updatedAt);

    const none = await post(`/conversations/${ids.invoice}/generate-handoff-summary`);
    expect(none.body.summary).toContain('factura');
    expect((await conversation(ids.invoice)).handoffSummary).toBeNull();
  });
});

describe(`POST /conversations/re-classify, the bulk job (${MODE})`, () => {
  it('classifies the uncategorized conversations in the background and counts what it did', async () => {
    const fresh = {
      lateInvoice: { waId: '5215550002011', text: 'No me llegó la factura de mi compra' },
      broken: { waId: '5215550002012', text: 'Mi producto no funciona' },
      gibberish: { waId: '5215550002013', text: 'qqq zzz xxj' },
    };
    const freshIds: Record<string, string> = {};
    for (const [key, c] of Object.entries(fresh)) {
      await t.sim.inbound({ from: c.waId, type: 'text', text: c.text });
      freshIds[key] = (await conversationOf(t, c.waId)).id;
    }
    const before = await activeConversations();
    const uncategorized = before.filter((c) => c.category === null);
    expect(uncategorized.map((c) => c.id)).toEqual(expect.arrayContaining(Object.values(freshIds)));

    const started = await post('/conversations/re-classify', { scope: 'uncategorized' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: expect.any(String), kind: 'reclassify' });
    expect(['QUEUED', 'RUNNING', 'COMPLETED']).toContain(started.body.status);
    const job = await waitForJob(t.api, t.admin, started.body.id);
    expect(job).toMatchObject({
      id: started.body.id,
      status: 'COMPLETED',
      progress: { done: uncategorized.length, total: uncategorized.length },
      result: { matched: uncategorized.length, failed: 0 },
    });
    expect(job.finishedAt).toEqual(expect.any(String));

    const after = new Map((await activeConversations()).map((c) => [c.id, c]));
    expect(after.get(freshIds.lateInvoice)!.category).toBe('facturacion');
    expect(after.get(freshIds.broken)!.category).toBe('soporte');
    const reclassified = uncategorized.filter((c) => after.get(c.id)!.category !== null);
    const teamChanged = uncategorized.filter((c) => after.get(c.id)!.teamId !== c.teamId);
    expect(job.result.reclassified).toBe(reclassified.length);
    // Every team change is counted; a route that gave the same team again may be counted too.
    expect(job.result.rerouted).toBeGreaterThanOrEqual(teamChanged.length);
    expect(job.result.rerouted).toBeLessThanOrEqual(uncategorized.length);
    // Nothing outside the scope moved.
    for (const c of before.filter((b) => b.category !== null))
      expect({ id: c.id, category: after.get(c.id)!.category }).toEqual({ id: c.id, category: c.category });

    const event = await live.waitFor(
      'inbox.job.updated.v1',
      (d) => d.jobId === job.id && d.status === 'COMPLETED',
    );
    expect(event.data.result).toEqual(job.result);
  });

  it('runs two jobs started at once, both to completion', async () => {
    const active = (await activeConversations()).length;
    const [first, second] = await Promise.all([
      post('/conversations/re-classify', { scope: 'all_open' }),
      post('/conversations/re-classify', { scope: 'all_open' }),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.body.id).not.toBe(second.body.id);
    const jobs = await Promise.all([first, second].map((r) => waitForJob(t.api, t.admin, r.body.id)));
    for (const job of jobs)
      expect(job).toMatchObject({ status: 'COMPLETED', result: { matched: active, failed: 0 } });
    // Still one active conversation per customer: nothing duplicated or closed.
    expect((await activeConversations()).length).toBe(active);
  });

  it('refuses a bad scope and callers who are not Admins', async () => {
    for (const [what, body] of [
      ['an unknown scope', { scope: 'everything' }],
      ['no scope', {}],
      ['a number', { scope: 1 }],
      ['an extra field', { scope: 'all_open', dryRun: true }],
    ] as const) {
      const res = await post('/conversations/re-classify', body);
      expectProblem(`bulk re-classify: ${what}`, res, [400, 422]);
      if (what !== 'an extra field') expect(fieldPaths(res)).toContain('scope');
    }
    expectProblem(
      'bulk re-classify as an agent',
      await post('/conversations/re-classify', { scope: 'all_open' }, agent.token),
      403,
    );
    expect((await t.api.post('/conversations/re-classify', { scope: 'all_open' })).status).toBe(401);
  });

  it('answers 404 for jobs and conversations that do not exist, and 4xx for ids that cannot', async () => {
    expectProblem('unknown job', await t.api.get(`/jobs/${UNKNOWN}`, { token: t.admin }), 404);
    for (const action of ['re-classify', 're-route', 'generate-handoff-summary'])
      expectProblem(
        `${action} of an unknown conversation`,
        await post(`/conversations/${UNKNOWN}/${action}`),
        404,
      );
    for (const path of ['/jobs/a%00b', '/jobs/x'.padEnd(400, 'x')]) {
      const res = await t.api.get(path, { token: t.admin });
      expect({ path: path.slice(0, 20), status: res.status >= 400 && res.status < 500 }).toEqual({
        path: path.slice(0, 20),
        status: true,
      });
    }
  });

  it('answers a problem, never a 5xx, for conversation ids that cannot be ids, and changes nothing', async () => {
    const before = await activeConversations();
    // As they go in the path (already escaped): a real id spoiled, an injection, a NUL, too long.
    const malformed = [
      'not-a-uuid',
      '12345',
      `${ids.invoice}x`,
      ids.invoice.replaceAll('-', ''),
      "1'%20OR%20'1'%3D'1",
      'a%00b',
      'x'.repeat(101),
    ];
    for (const action of ['re-classify', 're-route', 'generate-handoff-summary'])
      for (const id of malformed)
        expectProblem(
          `${action} of "${id.slice(0, 20)}"`,
          await post(`/conversations/${id}/${action}`),
          [400, 404],
        );
    expect(await activeConversations()).toEqual(before);
  });
});

describe(`organizations never see each other's conversations or jobs through the bot (${MODE})`, () => {
  it('answers 404 on every endpoint for another organization’s ids, and changes nothing', async () => {
    const mine = await conversation(ids.invoice);
    const ourJob = (await post('/conversations/re-classify', { scope: 'unassigned' })).body;
    await waitForJob(t.api, t.admin, ourJob.id);
    for (const action of ['re-classify', 're-route', 'generate-handoff-summary'])
      expectProblem(
        `their ${action}`,
        await post(`/conversations/${ids.invoice}/${action}`, undefined, other),
        404,
      );
    expectProblem('their GET of our job', await t.api.get(`/jobs/${ourJob.id}`, { token: other }), 404);
    expect(await conversation(ids.invoice)).toMatchObject({
      category: mine.category,
      teamId: mine.teamId,
      assignedTo: mine.assignedTo,
    });

    // Their own bulk job sees none of our conversations; ours cannot read theirs.
    const theirs = await post('/conversations/re-classify', { scope: 'all_open' }, other);
    expect(theirs.status).toBe(202);
    const theirJob = await waitForJob(t.api, other, theirs.body.id);
    expect(theirJob).toMatchObject({
      status: 'COMPLETED',
      result: { matched: 0, reclassified: 0, rerouted: 0 },
    });
    expectProblem('our GET of their job', await t.api.get(`/jobs/${theirJob.id}`, { token: t.admin }), 404);
    expect(live.events.some((e) => e.type === 'inbox.job.updated.v1' && e.data.jobId === theirJob.id)).toBe(
      false,
    );
  });
});
