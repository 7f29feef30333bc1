import {
  BOT_LIMITS,
  DEFAULT_BOT_SETTINGS,
  DEFAULT_ROUTING_RULES,
  type BotCategories,
  type BotSettings,
  type RoutingRules,
} from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { botHandlers } from '../../grpc/bot.handlers';
import { createInboxTestbed } from '../../testing/testbed';
import { ensureChannel } from '../settings/ensure-channel';
import {
  getBotCategories,
  getBotSettings,
  getRoutingRules,
  loadBotConfig,
  putBotCategories,
  putBotSettings,
  putRoutingRules,
} from './bot-config';

const tb = openForTestFile(createInboxTestbed);

let lastOrg = 9400;
/** A fresh organization (its own rows) and its Admin. */
function org() {
  const orgId = ++lastOrg;
  return { orgId, admin: tb.caller(orgId, 'ADMIN') };
}
const withChannel = async (orgId: number) =>
  ensureChannel(tb.deps, orgId, {
    phoneNumberId: `phone-${orgId}`,
    wabaId: `waba-${orgId}`,
    accessToken: 'token',
    apiBaseUrl: 'http://127.0.0.1:9',
    apiVersion: 'v23.0',
  });

const CATEGORIES: BotCategories = {
  data: [
    { name: 'Billing', description: 'Invoices and payments', examples: ['my invoice is wrong'] },
    { name: 'Shipping' },
  ],
};
const SETTINGS: BotSettings = {
  ...DEFAULT_BOT_SETTINGS,
  enabled: true,
  language: 'en',
  greeting: null,
  intents: [
    {
      name: 'where-is-my-order',
      examples: ['where is my order', 'track my package'],
      answer: { type: 'text', text: 'Send us your order number' },
      category: 'shipping',
    },
    { name: 'talk to sales', examples: ['I want to buy'], answer: { type: 'handoff' } },
  ],
};
const json = (document: unknown) => JSON.stringify(document);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('bot configuration', () => {
  it('answers the defaults until an Admin sets a document', async () => {
    const { orgId, admin } = org();
    expect(await getBotSettings(tb.deps, admin)).toEqual({ document: DEFAULT_BOT_SETTINGS, updatedAt: null });
    expect(await getBotCategories(tb.deps, admin)).toEqual({ document: { data: [] }, updatedAt: null });
    expect(await getRoutingRules(tb.deps, admin)).toEqual({
      document: DEFAULT_ROUTING_RULES,
      updatedAt: null,
    });
    expect(await loadBotConfig(tb.deps.db, orgId)).toEqual({
      orgId,
      version: 0,
      settings: DEFAULT_BOT_SETTINGS,
      categories: { data: [] },
      routing: DEFAULT_ROUTING_RULES,
    });
  });

  it('stores each document as sent, the version growing at every write, enabled on the channel', async () => {
    const { orgId, admin } = org();
    await withChannel(orgId);
    const support = tb.directory.addTeam(orgId);
    const sales = tb.directory.addTeam(orgId);
    const routing: RoutingRules = {
      rules: [
        {
          name: 'Sales',
          when: { keywords: ['buy'], languages: ['en'] },
          teamId: sales.id,
          assign: 'round_robin',
        },
        { name: 'Shipping', when: { categories: ['Shipping'] }, teamId: support.id, assign: 'least_busy' },
      ],
      fallbackTeamId: support.id,
      agentCapacity: 5,
    };

    const categories = await putBotCategories(tb.deps, admin, json(CATEGORIES));
    expect(categories).toEqual({ document: CATEGORIES, updatedAt: expect.any(Date) });
    const settings = await putBotSettings(tb.deps, admin, json(SETTINGS));
    // The intent takes the category's own spelling.
    const stored = {
      ...SETTINGS,
      intents: [{ ...SETTINGS.intents[0], category: 'Shipping' }, SETTINGS.intents[1]],
    };
    expect(settings).toEqual({ document: stored, updatedAt: expect.any(Date) });
    expect(await putRoutingRules(tb.deps, admin, json(routing))).toEqual({
      document: routing,
      updatedAt: expect.any(Date),
    });

    expect(await getBotSettings(tb.deps, admin)).toEqual(settings);
    expect(await getBotCategories(tb.deps, admin)).toEqual(categories);
    expect((await getRoutingRules(tb.deps, admin)).document).toEqual(routing);
    expect(await loadBotConfig(tb.deps.db, orgId)).toEqual({
      orgId,
      version: 3,
      settings: stored,
      categories: CATEGORIES,
      routing,
    });
    // New conversations read the flag through the channel registry: it sees the change at once.
    expect((await tb.deps.channels.find(orgId))?.botEnabled).toBe(true);

    await putBotSettings(tb.deps, admin, json({ ...SETTINGS, enabled: false, intents: [] }));
    expect((await tb.deps.channels.find(orgId))?.botEnabled).toBe(false);
    expect(await loadBotConfig(tb.deps.db, orgId)).toMatchObject({
      version: 4,
      settings: { enabled: false },
    });
  });

  it('answers documents over gRPC as JSON with their update time', async () => {
    const { admin } = org();
    const handlers = botHandlers(tb.deps);
    expect(await handlers.GetRoutingRules({}, admin)).toEqual({ json: json(DEFAULT_ROUTING_RULES) });
    const put = await handlers.PutBotCategories({ json: json(CATEGORIES) }, admin);
    expect(JSON.parse(put.json!)).toEqual(CATEGORIES);
    expect(new Date(put.updatedAt!).getTime()).toBeGreaterThan(0);
  });

  it('turns the bot on only for an organization with a channel', async () => {
    const { orgId, admin } = org();
    expect(await failure(putBotSettings(tb.deps, admin, json(DEFAULT_BOT_SETTINGS_ON)))).toMatchObject({
      kind: 'conflict',
      code: 'CHANNEL_NOT_CONFIGURED',
    });
    expect(await loadBotConfig(tb.deps.db, orgId)).toMatchObject({
      version: 0,
      settings: DEFAULT_BOT_SETTINGS,
    });

    const off = { ...DEFAULT_BOT_SETTINGS, greeting: 'Hi' };
    expect((await putBotSettings(tb.deps, admin, json(off))).document).toEqual(off);
    await withChannel(orgId);
    expect((await putBotSettings(tb.deps, admin, json(DEFAULT_BOT_SETTINGS_ON))).document.enabled).toBe(true);
  });

  it('refuses an invalid document with the field paths, storing nothing', async () => {
    const { orgId, admin } = org();
    await withChannel(orgId);
    expect(await failure(putBotSettings(tb.deps, admin, '{not json'))).toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
    });
    const bad = { ...SETTINGS, maxFallbacks: 0, intents: [{ ...SETTINGS.intents[1], examples: [] }] };
    expect(await failure(putBotSettings(tb.deps, admin, json(bad)))).toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      fields: expect.arrayContaining([
        expect.objectContaining({ path: 'maxFallbacks' }),
        expect.objectContaining({ path: 'intents[0].examples' }),
      ]),
    });
    expect(await failure(putBotSettings(tb.deps, admin, json({ ...SETTINGS, surprise: 1 })))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const duplicate = { data: [{ name: 'Billing' }, { name: 'billing' }] };
    expect(await failure(putBotCategories(tb.deps, admin, json(duplicate)))).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'data' })],
    });
    const noRules = { rules: [], fallbackTeamId: null, agentCapacity: 0 };
    expect(await failure(putRoutingRules(tb.deps, admin, json(noRules)))).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'agentCapacity' })],
    });
    expect(await loadBotConfig(tb.deps.db, orgId)).toMatchObject({ version: 0 });
  });

  it('refuses documents over the training-text limit from any gRPC caller (5 MB ones included), storing nothing', async () => {
    const { orgId, admin } = org();
    const handlers = botHandlers(tb.deps);
    // Every other limit at its top: 100 × 100 examples of 500 characters, a 5 MB document.
    const lists = Array.from({ length: BOT_LIMITS.intents }, () =>
      Array.from({ length: BOT_LIMITS.examplesPerIntent }, () => 'x'.repeat(BOT_LIMITS.example)),
    );
    const settings = {
      ...SETTINGS,
      enabled: false,
      intents: lists.map((examples, i) => ({ name: `intent ${i}`, examples, answer: { type: 'handoff' } })),
    };
    const categories = { data: lists.map((examples, i) => ({ name: `category ${i}`, examples })) };
    expect(await failure(handlers.PutBotSettings({ json: json(settings) }, admin))).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'intents',
          message: 'The intents’ examples total 5,000,000 characters; at most 500,000 per document',
        },
      ],
    });
    expect(await failure(handlers.PutBotCategories({ json: json(categories) }, admin))).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'data', message: expect.stringContaining('total 5,001,090 characters') as string }],
    });
    expect(await loadBotConfig(tb.deps.db, orgId)).toMatchObject({ version: 0 });
  });

  it("refuses an intent category that is not one of the organization's, and removing a category in use", async () => {
    const { orgId, admin } = org();
    await withChannel(orgId);
    expect(await failure(putBotSettings(tb.deps, admin, json(SETTINGS)))).toMatchObject({
      kind: 'invalid',
      code: 'UNKNOWN_CATEGORY',
      fields: [{ path: 'intents[0].category', message: 'No category "shipping"' }],
    });
    await putBotCategories(tb.deps, admin, json(CATEGORIES));
    await putBotSettings(tb.deps, admin, json(SETTINGS));
    expect(
      await failure(putBotCategories(tb.deps, admin, json({ data: [{ name: 'Billing' }] }))),
    ).toMatchObject({ kind: 'conflict', code: 'CATEGORY_IN_USE' });
    expect((await getBotCategories(tb.deps, admin)).document).toEqual(CATEGORIES);
    expect((await loadBotConfig(tb.deps.db, orgId)).version).toBe(2);
  });

  it('refuses routing rules naming a team that does not exist, is inactive or is another organization’s', async () => {
    const { orgId, admin } = org();
    const other = org();
    const active = tb.directory.addTeam(orgId);
    const inactive = tb.directory.addTeam(orgId, { active: false });
    const foreign = tb.directory.addTeam(other.orgId);
    const rules: RoutingRules = {
      rules: [
        { name: 'A', when: {}, teamId: active.id, assign: 'queue' },
        { name: 'B', when: {}, teamId: inactive.id, assign: 'queue' },
        { name: 'C', when: {}, teamId: foreign.id, assign: 'queue' },
      ],
      fallbackTeamId: newId(),
      agentCapacity: 10,
    };
    expect(await failure(putRoutingRules(tb.deps, admin, json(rules)))).toMatchObject({
      kind: 'invalid',
      code: 'TEAM_NOT_FOUND',
      fields: [
        { path: 'rules[1].teamId', message: 'The team is not active' },
        { path: 'rules[2].teamId', message: 'No such team' },
        { path: 'fallbackTeamId', message: 'No such team' },
      ],
    });
    expect((await getRoutingRules(tb.deps, admin)).updatedAt).toBeNull();
  });

  it("keeps each organization's documents to itself", async () => {
    const a = org();
    const b = org();
    await putBotCategories(tb.deps, a.admin, json(CATEGORIES));
    expect(await getBotCategories(tb.deps, b.admin)).toEqual({ document: { data: [] }, updatedAt: null });
    // B's intents cannot use A's categories.
    expect(
      await failure(putBotSettings(tb.deps, b.admin, json({ ...SETTINGS, enabled: false }))),
    ).toMatchObject({
      code: 'UNKNOWN_CATEGORY',
    });
    expect((await loadBotConfig(tb.deps.db, b.orgId)).version).toBe(0);
    expect((await loadBotConfig(tb.deps.db, a.orgId)).version).toBe(1);
  });

  it('lets only Admins read or change the documents', async () => {
    const { orgId } = org();
    const agent = tb.caller(orgId, 'AGENT');
    const calls = [
      getBotSettings(tb.deps, agent),
      putBotSettings(tb.deps, agent, json(DEFAULT_BOT_SETTINGS)),
      getBotCategories(tb.deps, agent),
      putBotCategories(tb.deps, agent, json(CATEGORIES)),
      getRoutingRules(tb.deps, agent),
      putRoutingRules(tb.deps, agent, json(DEFAULT_ROUTING_RULES)),
    ];
    for (const call of calls) expect(await failure(call)).toMatchObject({ kind: 'forbidden' });
  });
});

const DEFAULT_BOT_SETTINGS_ON: BotSettings = { ...DEFAULT_BOT_SETTINGS, enabled: true };
