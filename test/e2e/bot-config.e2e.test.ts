import { BOT_LIMITS, DEFAULT_BOT_SETTINGS, DEFAULT_ROUTING_RULES } from '@inbox/contracts';
import { botSettings, CATEGORIES, expectProblem, fieldPaths, makeTeam, read, write } from '../support/bot';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeOrganization, makeUser } from '../support/world';

jest.setTimeout(60_000);

const t = systemForTestFile();
let agent: string;
let other: string;
let support: string;
let sales: string;
let theirTeam: string;

const routing = () => ({
  rules: [
    { name: 'Facturas', when: { keywords: ['factura'] }, teamId: support, assign: 'queue' as const },
    {
      name: 'Ventas en español',
      when: { categories: ['ventas'], languages: ['es' as const] },
      teamId: sales,
      assign: 'round_robin' as const,
    },
  ],
  fallbackTeamId: support,
  agentCapacity: 5,
});

beforeAll(async () => {
  agent = (await makeUser(t, t.admin, { email: 'bot-config-agent@example.com' })).token;
  const org = await makeOrganization(t, 41);
  other = org.token;
  support = await makeTeam(t.api, t.admin, 'Soporte');
  sales = await makeTeam(t.api, t.admin, 'Ventas');
  theirTeam = await makeTeam(t.api, other, 'Su equipo');
});

const DOCUMENTS = ['/bot/settings', '/bot/categories', '/routing-rules'] as const;
const snapshot = async (token = t.admin) =>
  Object.fromEntries(await Promise.all(DOCUMENTS.map(async (p) => [p, await read(t.api, p, token)])));
const botEnabled = async (token = t.admin) => (await read(t.api, '/settings/whatsapp', token)).botEnabled;

describe(`the bot's configuration documents (${MODE})`, () => {
  it('answers the defaults before anything is configured', async () => {
    expect(await read(t.api, '/bot/settings', t.admin)).toMatchObject(DEFAULT_BOT_SETTINGS);
    expect(await read(t.api, '/bot/categories', t.admin)).toMatchObject({ data: [] });
    expect(await read(t.api, '/routing-rules', t.admin)).toMatchObject(DEFAULT_ROUTING_RULES);
  });

  it('stores and answers each document as written; `enabled` is the channel’s botEnabled', async () => {
    expect(await write(t.api, '/bot/categories', CATEGORIES, t.admin)).toMatchObject(CATEGORIES);
    const categories = await read(t.api, '/bot/categories', t.admin);
    expect(categories).toMatchObject(CATEGORIES);
    expect(categories.updatedAt).toEqual(expect.any(String));

    expect(await write(t.api, '/routing-rules', routing(), t.admin)).toMatchObject(routing());
    expect(await read(t.api, '/routing-rules', t.admin)).toMatchObject(routing());

    const settings = botSettings({ enabled: true, language: 'es', maxFallbacks: 3 });
    expect(await write(t.api, '/bot/settings', settings, t.admin)).toMatchObject(settings);
    const stored = await read(t.api, '/bot/settings', t.admin);
    expect(stored).toMatchObject(settings);
    expect(Date.parse(stored.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await botEnabled()).toBe(true);

    await write(t.api, '/bot/settings', { ...settings, enabled: false }, t.admin);
    expect(await botEnabled()).toBe(false);
    expect((await read(t.api, '/bot/settings', t.admin)).enabled).toBe(false);
    // One home: turning the bot on in the WhatsApp settings shows in /bot/settings.
    const put = await t.api.put(
      '/settings/whatsapp',
      { ...whatsappOf(t), botEnabled: true },
      { token: t.admin },
    );
    expect(put.status).toBe(200);
    expect((await read(t.api, '/bot/settings', t.admin)).enabled).toBe(true);
    await write(t.api, '/bot/settings', { ...settings, enabled: false }, t.admin);
  });

  describe('refuses bad settings with the field’s path, and keeps the stored document', () => {
    const intent = botSettings().intents[0];
    it.each([
      ['maxFallbacks below 1', { maxFallbacks: 0 }, 'maxFallbacks'],
      ['maxFallbacks not an integer', { maxFallbacks: 1.5 }, 'maxFallbacks'],
      ['a language the bot does not speak', { language: 'fr' }, 'language'],
      ['a greeting too long', { greeting: 'x'.repeat(1025) }, 'greeting'],
      ['an empty fallback message', { fallbackMessage: '   ' }, 'fallbackMessage'],
      ['keywords not a list', { handoffKeywords: 'asesor' }, 'handoffKeywords'],
      ['inactivity of zero hours', { inactivityCloseHours: 0 }, 'inactivityCloseHours'],
      ['an intent without examples', { intents: [{ ...intent, examples: [] }] }, 'intents.0.examples'],
      [
        'an intent answer of an unknown type',
        { intents: [{ ...intent, answer: { type: 'poem', text: 'x' } }] },
        'intents.0.answer',
      ],
      ['an intent name with symbols', { intents: [{ ...intent, name: '¡hola!' }] }, 'intents.0.name'],
      ['two intents of one name', { intents: [intent, { ...intent }] }, 'intents'],
      ['a field of no document', { colour: 'blue' }, ''],
    ])('%s', async (what, changes, field) => {
      const before = await snapshot();
      const res = await t.api.put('/bot/settings', { ...botSettings(), ...changes }, { token: t.admin });
      expectProblem(`settings ${what}`, res, [400, 422]);
      if (field) expect(fieldPaths(res).some((p) => p === field || p.startsWith(`${field}.`))).toBe(true);
      expect(await snapshot()).toEqual(before);
    });

    it('a missing field', async () => {
      const { greeting: _greeting, ...rest } = botSettings();
      const res = await t.api.put('/bot/settings', rest, { token: t.admin });
      expectProblem('settings without greeting', res, [400, 422]);
      expect(fieldPaths(res)).toContain('greeting');
    });

    it('an intent whose category is not one of /bot/categories, with nothing half-written', async () => {
      const before = await snapshot();
      expect(await botEnabled()).toBe(false);
      const res = await t.api.put(
        '/bot/settings',
        botSettings({
          enabled: true,
          greeting: 'Otro saludo',
          intents: [{ ...intent, category: 'no-existe' }],
        }),
        { token: t.admin },
      );
      expectProblem('intent with an unknown category', res, [400, 422]);
      expect(JSON.stringify(res.body)).toContain('no-existe');
      expect(await snapshot()).toEqual(before);
      // `enabled` lives on the channel: a refused document must not have switched the bot on.
      expect(await botEnabled()).toBe(false);
    });

    it('malformed JSON', async () => {
      const res = await t.api.send('PUT', '/bot/settings', {
        token: t.admin,
        rawBody: '{"enabled": true,',
        headers: { 'content-type': 'application/json' },
      });
      expectProblem('malformed JSON', res, 400, 'MALFORMED_JSON');
    });
  });

  it('refuses documents over the training-text limit with a 400 naming the total, and keeps the stored ones', async () => {
    // One character over, in examples of the longest length allowed (~0.5 MB: within the 1 MiB bodies).
    const over = BOT_LIMITS.trainingChars + 1;
    const lists = (total: number) => {
      const all = Array.from({ length: Math.ceil(total / BOT_LIMITS.example) }, (_, i) =>
        'x'.repeat(Math.min(BOT_LIMITS.example, total - i * BOT_LIMITS.example)),
      );
      return Array.from({ length: Math.ceil(all.length / 100) }, (_, i) => all.slice(i * 100, (i + 1) * 100));
    };
    const settings = botSettings({
      intents: lists(over).map((examples, i) => ({ name: `i${i}`, examples, answer: { type: 'handoff' } })),
    });
    // Ten categories c0…c9: their names are training text too.
    const categories = { data: lists(over - 20).map((examples, i) => ({ name: `c${i}`, examples })) };
    for (const [path, body, field] of [
      ['/bot/settings', settings, 'intents'],
      ['/bot/categories', categories, 'data'],
    ] as const) {
      const before = await snapshot();
      const res = await t.api.put(path, body, { token: t.admin });
      expectProblem(`${path} over the training-text limit`, res, 400, 'VALIDATION_FAILED');
      expect(res.body.errors).toEqual([
        {
          path: field,
          message: expect.stringMatching(
            / total 500,001 characters; at most 500,000 per document$/,
          ) as string,
        },
      ]);
      expect(await snapshot()).toEqual(before);
    }
  });

  it.each([
    ['two categories of one name (any case)', { data: [{ name: 'Ventas' }, { name: 'ventas' }] }, 'data'],
    ['an empty name', { data: [{ name: '  ' }] }, 'data.0.name'],
    ['examples not a list', { data: [{ name: 'x', examples: 'hola' }] }, 'data.0.examples'],
    ['an unknown field', { data: [{ name: 'x', colour: 'red' }] }, 'data.0'],
    ['no data', {}, 'data'],
  ])('refuses categories with %s and keeps the stored ones', async (what, body, field) => {
    const before = await snapshot();
    const res = await t.api.put('/bot/categories', body, { token: t.admin });
    expectProblem(`categories: ${what}`, res, [400, 422]);
    expect(fieldPaths(res).some((p) => p === field || p.startsWith(`${field}.`) || field === '')).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses routing rules with bad fields, unknown teams or another organization’s team', async () => {
    const rule = routing().rules[0];
    const cases: Array<[string, unknown, number[], string | null]> = [
      [
        'an unknown assign mode',
        { ...routing(), rules: [{ ...rule, assign: 'random' }] },
        [400, 422],
        'rules.0.assign',
      ],
      ['capacity 0', { ...routing(), agentCapacity: 0 }, [400, 422], 'agentCapacity'],
      ['two rules of one name', { ...routing(), rules: [rule, { ...rule }] }, [400, 422], 'rules'],
      [
        'a language the bot does not speak',
        { ...routing(), rules: [{ ...rule, when: { languages: ['fr'] } }] },
        [400, 422],
        'rules.0.when.languages.0',
      ],
      ['no fallback field', { rules: [], agentCapacity: 5 }, [400, 422], 'fallbackTeamId'],
      [
        'an unknown team',
        { ...routing(), rules: [{ ...rule, teamId: '00000000-0000-4000-8000-000000000000' }] },
        [400, 404, 422],
        null,
      ],
      ['an unknown fallback team', { ...routing(), fallbackTeamId: 'no-such-team' }, [400, 404, 422], null],
      [
        'another organization’s team',
        { ...routing(), rules: [{ ...rule, teamId: theirTeam }] },
        [400, 404, 422],
        null,
      ],
    ];
    for (const [what, body, statuses, field] of cases) {
      const before = await snapshot();
      const res = await t.api.put('/routing-rules', body, { token: t.admin });
      expectProblem(`routing rules: ${what}`, res, statuses);
      if (field)
        expect({ what, paths: fieldPaths(res) }).toEqual({
          what,
          paths: expect.arrayContaining([
            expect.stringMatching(new RegExp(`^${field.replace(/\./g, '\\.')}`)),
          ]),
        });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('lets only Admins read or write the bot’s configuration', async () => {
    const before = await snapshot();
    for (const path of DOCUMENTS) {
      expectProblem(`agent GET ${path}`, await t.api.get(path, { token: agent }), 403);
    }
    expectProblem(
      'agent PUT settings',
      await t.api.put('/bot/settings', botSettings({ greeting: 'del agente' }), { token: agent }),
      403,
    );
    expectProblem(
      'agent PUT categories',
      await t.api.put('/bot/categories', { data: [] }, { token: agent }),
      403,
    );
    expectProblem(
      'agent PUT routing',
      await t.api.put('/routing-rules', DEFAULT_ROUTING_RULES, { token: agent }),
      403,
    );
    for (const path of DOCUMENTS) expect((await t.api.get(path)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps each organization’s configuration its own', async () => {
    const ours = await snapshot();
    expect(await read(t.api, '/bot/settings', other)).toMatchObject({
      ...DEFAULT_BOT_SETTINGS,
      enabled: false,
    });
    expect(await read(t.api, '/bot/categories', other)).toMatchObject({ data: [] });
    expect(await read(t.api, '/routing-rules', other)).toMatchObject(DEFAULT_ROUTING_RULES);

    // Their own documents: they write them without touching ours.
    await write(t.api, '/bot/categories', { data: [{ name: 'suyas' }] }, other);
    await write(
      t.api,
      '/routing-rules',
      {
        rules: [{ name: 'Todo', when: {}, teamId: theirTeam, assign: 'queue' }],
        fallbackTeamId: null,
        agentCapacity: 3,
      },
      other,
    );
    await write(t.api, '/bot/settings', botSettings({ intents: [], greeting: 'Hola de la otra' }), other);
    expect(await read(t.api, '/bot/categories', other)).toMatchObject({ data: [{ name: 'suyas' }] });
    expect(await snapshot()).toEqual(ours);

    // They have no WhatsApp number: nothing to switch the bot on for.
    const enable = await t.api.put('/bot/settings', botSettings({ enabled: true, intents: [] }), {
      token: other,
    });
    expectProblem('enable without a channel', enable, 409, 'CHANNEL_NOT_CONFIGURED');
    expect((await read(t.api, '/bot/settings', other)).greeting).toBe('Hola de la otra');
  });
});

/** The bootstrap organization's channel as PUT /settings/whatsapp takes it (token kept). */
function whatsappOf(system: typeof t) {
  const channel = system.system.whatsapp.channel;
  return {
    phoneNumberId: channel.phoneNumberId,
    wabaId: channel.wabaId,
    displayPhoneNumber: channel.displayPhoneNumber,
    apiBaseUrl: channel.apiBaseUrl,
    apiVersion: channel.apiVersion,
  };
}
