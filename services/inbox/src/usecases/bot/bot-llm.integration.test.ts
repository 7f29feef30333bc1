import { DEFAULT_BOT_SETTINGS } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { createIntelligence } from '../../bot/intelligence';
import {
  startFakeLlmServer,
  type FakeLlmOperation,
  type FakeLlmReply,
  type FakeLlmServer,
} from '../../bot/intelligence/testing/fake-llm-server';
import { STORE_CATEGORIES, STORE_INTENTS } from '../../bot/intelligence/testing/model-config';
import { botFixture } from '../../testing/bot-fixture';
import { previewHandoffSummary } from './handoff-summary';
import { reclassifyConversation } from './reclassify-conversation';

/**
 * The bot with LLM_BASE_URL set, against a fake OpenAI-compatible server on loopback: the model is
 * wired in front of the built-in intelligence as app.ts wires it (`createIntelligence` with the
 * LLM options), and a customer message goes through the bot's consumer to the stored answer or
 * handoff. The model's word is taken only from the organization's lists; down or slow, the
 * built-in path answers.
 */

jest.setTimeout(60_000);

const TIMEOUT_MS = 1500;
/** Longer than the timeout: the server is still "thinking" when the bot gives up on it. */
const SLOW_MS = 30_000;

const bot = botFixture(9701);
let llm: FakeLlmServer;
const testbed = openForTestFile(async () => {
  llm = await startFakeLlmServer();
  const opened = await bot.start();
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await llm.close();
    },
  };
});
const { botOrg, customerWrites, botSaid } = bot;

// A fresh model client per test, so that one test's failures never open the circuit for the next.
beforeEach(() => {
  testbed.deps.intelligence = createIntelligence({
    llm: { baseUrl: llm.baseUrl, apiKey: 'sk-test', model: 'fake-model', timeoutMs: TIMEOUT_MS },
    logger: testbed.deps.logger,
  });
  llm.requests.length = 0;
});

/** How the model answers each kind of question; anything not scripted is an HTTP 503. */
const modelAnswers = (replies: Partial<Record<FakeLlmOperation, FakeLlmReply>>) =>
  llm.answer((request) => replies[request.operation] ?? { status: 503, body: 'down' });
const asked = () => llm.requests.map((r) => r.operation);
const userData = (operation: FakeLlmOperation) =>
  llm.requests.find((r) => r.operation === operation)!.body.messages!.find((m) => m.role === 'user')!.content;

const GREETING = DEFAULT_BOT_SETTINGS.greeting as string;
const FALLBACK = DEFAULT_BOT_SETTINGS.fallbackMessage;
const HANDOFF = DEFAULT_BOT_SETTINGS.handoffMessage as string;
const HOURS_ANSWER = 'Abrimos de 9 a 18 h.';
/** A heading of the built-in (extractive) summary in Spanish. */
const BUILTIN_SUMMARY = 'Motivo del traspaso';

/** The store's bot, with a team and a rule per category: the handoff's team shows which category won. */
const storeOrg = async () => {
  const teams: Record<string, string> = {};
  const org = await botOrg((orgId) => {
    for (const c of STORE_CATEGORIES.data) teams[c.name] = testbed.directory.addTeam(orgId).id;
    return {
      categories: STORE_CATEGORIES.data,
      settings: { intents: STORE_INTENTS, maxFallbacks: 2 },
      routing: {
        rules: STORE_CATEGORIES.data.map((c) => ({
          name: `Equipo de ${c.name}`,
          when: { categories: [c.name] },
          teamId: teams[c.name],
          assign: 'queue' as const,
        })),
      },
    };
  });
  return { ...org, teams };
};

describe('the bot loop with the model configured', () => {
  it('takes the intent the model picks from the list when the built-in classifier is unsure, and ignores one off the list', async () => {
    const { orgId, sim, customer } = await storeOrg();
    modelAnswers({ intent: { json: { intent: 'horario', confidence: 0.9 } } });
    const first = await customerWrites(orgId, customer, 'glorp zzk plonk');

    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER]);
    expect(asked()).toEqual(['intent']);
    // The model was given the organization's intents to choose from, the customer's text as data.
    expect(JSON.parse(userData('intent'))).toMatchObject({
      intents: expect.arrayContaining([expect.objectContaining({ name: 'horario' })]),
    });
    expect(userData('intent')).toContain('glorp zzk plonk');
    const replied = (await bot.eventsOf(orgId, 'inbox.bot.replied.v1')).map((e) => e.data);
    expect(replied).toContainEqual(
      expect.objectContaining({
        inReplyTo: first.messageId,
        kind: 'answer',
        intent: 'horario',
        confidence: 0.9,
      }),
    );

    modelAnswers({ intent: { json: { intent: 'pizza_del_dia', confidence: 0.99 } } });
    await customerWrites(orgId, customer, 'blorf qux');
    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER, FALLBACK]);
    expect((await bot.conversation(first.conversationId)).status).toBe('BOT_HANDLING');
  });

  it('hands off with the category the model chose from the list, routed by it, with the model’s summary', async () => {
    const { orgId, sim, customer, teams } = await storeOrg();
    modelAnswers({
      category: { json: { category: 'garantías', confidence: 0.8 } },
      summary: { json: { summary: 'El cliente pide la garantía de su licuadora.' } },
    });
    const { conversationId } = await customerWrites(
      orgId,
      customer,
      'mi licuadora no prende, quiero hablar con un humano',
    );

    expect(await botSaid(sim)).toEqual([HANDOFF]);
    expect(asked()).toEqual(expect.arrayContaining(['category', 'summary']));
    // The category list went to the model; its answer is stored in the list's own spelling.
    expect(JSON.parse(userData('category')).categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Garantías' })]),
    );
    expect(await bot.conversation(conversationId)).toMatchObject({
      status: 'OPEN',
      category: 'Garantías',
      categorySource: 'ai',
      categoryConfidence: 0.8,
      teamId: teams['Garantías'],
      handoffSummary: 'El cliente pide la garantía de su licuadora.',
    });
    const [handoff] = await bot.eventsOf(orgId, 'inbox.conversation.handoff.v1');
    expect(handoff.data).toMatchObject({ reason: 'requested', teamId: teams['Garantías'] });
  });

  it('ignores a category off the list: the built-in one routes the handoff', async () => {
    const { orgId, customer, teams } = await storeOrg();
    modelAnswers({ category: { json: { category: 'Pizzería', confidence: 0.95 } } });
    const { conversationId } = await customerWrites(
      orgId,
      customer,
      'me cobraron dos veces en la tarjeta, quiero un humano',
    );

    const stored = await bot.conversation(conversationId);
    expect(stored).toMatchObject({
      category: 'Facturación',
      categorySource: 'ai',
      teamId: teams['Facturación'],
    });
    expect(stored.handoffSummary).toContain(BUILTIN_SUMMARY);
  });

  it.each([
    ['down', { status: 503, body: 'overloaded' }],
    ['slow', { delayMs: SLOW_MS, then: { json: { intent: 'horario', category: 'Envíos', confidence: 1 } } }],
  ] as Array<[string, FakeLlmReply]>)(
    'answers, falls back and hands off on its own when the model is %s',
    async (_, reply) => {
      const { orgId, sim, customer, teams } = await storeOrg();
      llm.answer(reply);
      await customerWrites(orgId, customer, '¿a qué hora abren?');
      await customerWrites(orgId, customer, 'glorp zzk plonk');
      const { conversationId } = await customerWrites(
        orgId,
        customer,
        'me cobraron dos veces en la tarjeta, quiero un humano',
      );

      expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER, FALLBACK, HANDOFF]);
      // The model was asked (and failed) for the unsure intent, the category and the summary.
      expect(asked()).toEqual(expect.arrayContaining(['intent', 'category', 'summary']));
      const stored = await bot.conversation(conversationId);
      expect(stored).toMatchObject({ status: 'OPEN', category: 'Facturación', teamId: teams['Facturación'] });
      expect(stored.handoffSummary).toContain(BUILTIN_SUMMARY);
    },
  );
});

describe('re-classify and the summary preview with the model configured', () => {
  /** A conversation the bot handed off with the intent's own category (Facturación). */
  const invoiceConversation = async () => {
    const org = await storeOrg();
    modelAnswers({});
    const { conversationId } = await customerWrites(
      org.orgId,
      org.customer,
      'necesito la factura de mi compra',
    );
    expect(await bot.conversation(conversationId)).toMatchObject({ category: 'Facturación' });
    llm.requests.length = 0;
    return { ...org, conversationId };
  };

  it('stores the category the model picks from the list, and says the model chose it', async () => {
    const { agent, conversationId } = await invoiceConversation();
    modelAnswers({ category: { json: { category: 'ENVÍOS', confidence: 0.7 } } });

    expect(await reclassifyConversation(testbed.deps, agent, conversationId)).toEqual({
      category: 'Envíos',
      confidence: 0.7,
      source: 'ai',
      previousCategory: 'Facturación',
      engine: 'llm',
    });
    expect(userData('category')).toContain('necesito la factura de mi compra');
    expect(await bot.conversation(conversationId)).toMatchObject({
      category: 'Envíos',
      categorySource: 'ai',
      categoryConfidence: 0.7,
    });
  });

  it.each([
    ['answers off the list', { json: { category: 'Pizzería', confidence: 0.99 } }],
    ['answers no JSON', { content: 'Facturación, I think' }],
    ['is down', { status: 500, body: 'boom' }],
    ['is slow', { delayMs: SLOW_MS, then: { json: { category: 'Envíos', confidence: 1 } } }],
  ] as Array<[string, FakeLlmReply]>)(
    'classifies with the built-in model when the model %s',
    async (_, reply) => {
      const { agent, conversationId } = await invoiceConversation();
      llm.answer(reply);

      const result = await reclassifyConversation(testbed.deps, agent, conversationId);
      expect(result).toMatchObject({ category: 'Facturación', engine: 'builtin', source: 'ai' });
      expect(asked()).toEqual(['category']);
      expect(await bot.conversation(conversationId)).toMatchObject({ category: 'Facturación' });
    },
  );

  it('previews the model’s summary, and the built-in one when the model is down, saving nothing', async () => {
    const { agent, conversationId } = await invoiceConversation();
    const before = await bot.conversation(conversationId);
    modelAnswers({ summary: { json: { summary: 'Pide su factura.' } } });
    expect(await previewHandoffSummary(testbed.deps, agent, conversationId)).toMatchObject({
      summary: 'Pide su factura.',
      source: 'llm',
    });

    modelAnswers({});
    const builtin = await previewHandoffSummary(testbed.deps, agent, conversationId);
    expect(builtin.source).toBe('builtin');
    expect(builtin.summary).toContain('necesito la factura de mi compra');
    expect(await bot.conversation(conversationId)).toEqual(before);
  });
});
