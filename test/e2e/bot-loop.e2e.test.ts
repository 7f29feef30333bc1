import {
  BOT_TEXTS,
  botSettings,
  botTextsOf,
  CATEGORIES,
  closedNowSchedule,
  configureBot,
  conversationOf,
  makeTeam,
  messagesOf,
  read,
  recordLiveEvents,
  sentTo,
  setStatus,
  waitForBotText,
  waitForConversation,
} from '../support/bot';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

jest.setTimeout(120_000);

const t = systemForTestFile();
let online: { id: string; token: string };
let offline: { id: string; token: string };
let support: string;
let general: string;
let billing: string;
let opening: Date;
let live: Awaited<ReturnType<typeof recordLiveEvents>>;

const HANDOFF = 'inbox.conversation.handoff.v1';

beforeAll(async () => {
  online = await makeUser(t, t.admin, { email: 'bot-loop-online@example.com', name: 'Olga Online' });
  offline = await makeUser(t, t.admin, { email: 'bot-loop-offline@example.com', name: 'Oscar Offline' });
  await setStatus(t.api, t.admin, online.id, 'ONLINE');
  await setStatus(t.api, t.admin, offline.id, 'OFFLINE');
  // Both in the team; only the ONLINE one may be picked.
  support = await makeTeam(t.api, t.admin, 'Soporte', [offline.id, online.id]);
  general = await makeTeam(t.api, t.admin, 'General');
  billing = await makeTeam(t.api, t.admin, 'Facturación', [online.id]);
  const closed = closedNowSchedule();
  opening = closed.opening;
  const schedule = await t.api.put(`/teams/${billing}/schedule`, closed.body, { token: t.admin });
  expect(schedule.status).toBe(200);
  await configureBot(t.api, t.admin, {
    categories: CATEGORIES,
    routing: {
      rules: [
        { name: 'Facturas', when: { keywords: ['factura'] }, teamId: billing, assign: 'queue' },
        { name: 'Pedidos', when: { keywords: ['pedido'] }, teamId: support, assign: 'round_robin' },
      ],
      fallbackTeamId: general,
      agentCapacity: 20,
    },
    settings: botSettings({ enabled: true }),
  });
  live = await recordLiveEvents(t.baseUrl, t.admin);
});

afterAll(async () => live?.close());

const says = (waId: string, text: string) =>
  t.sim.inbound({ from: waId, name: `Cliente ${waId.slice(-3)}`, type: 'text', text });
const handoffOf = (conversationId: string) =>
  live.waitFor(HANDOFF, (d) => d.conversationId === conversationId);
const fallbacksIn = async (id: string) =>
  (await botTextsOf(t, id)).filter((m) => m === BOT_TEXTS.fallback).length;

describe(`the bot answers customers until a person is needed (${MODE})`, () => {
  it('greets, answers an FAQ asked in other words, and hands off to the rule’s team after two misunderstandings', async () => {
    const waId = '5215550001001';
    await says(waId, 'hola');
    const conversation = await conversationOf(t, waId);
    expect(conversation.status).toBe('BOT_HANDLING');
    await waitForBotText(t, conversation, BOT_TEXTS.greeting);
    const greeting = (await messagesOf(t, conversation.id)).find((m) => m.text === BOT_TEXTS.greeting);
    expect(greeting).toMatchObject({ direction: 'outbound', sender: 'bot', senderUserId: null });

    await says(waId, '¿En qué horario abren el sábado?');
    await waitForBotText(t, conversation, BOT_TEXTS.openingHours);

    const before = await fallbacksIn(conversation.id);
    await says(waId, 'glorp pedido zzk 4471');
    await waitForBotText(t, conversation, BOT_TEXTS.fallback, { count: before + 1 });
    expect((await read(t.api, `/conversations/${conversation.id}`, t.admin)).status).toBe('BOT_HANDLING');

    await says(waId, 'mmm brrr plonk');
    const handedOff = await waitForConversation(t, conversation.id, (c) =>
      expect(c).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: online.id, teamId: support }),
    );
    expect(handedOff.handoffSummary).toEqual(expect.any(String));
    expect(handedOff.handoffSummary).toContain('4471');
    expect((await handoffOf(conversation.id)).data).toMatchObject({
      reason: 'fallbacks',
      teamId: support,
      rule: 'Pedidos',
      userId: online.id,
    });
    await waitForBotText(t, conversation, BOT_TEXTS.handoff);
  });

  it('hands off at once to the fallback team’s queue when the customer asks for a person', async () => {
    const waId = '5215550001002';
    await says(waId, 'quiero hablar con un asesor');
    const conversation = await conversationOf(t, waId);
    const handedOff = await waitForConversation(t, conversation.id, (c) =>
      expect(c).toMatchObject({ status: 'OPEN', assignedTo: null, teamId: general }),
    );
    expect(handedOff.handoffSummary).toContain('asesor');
    // A handoff turn is not greeted.
    expect(await botTextsOf(t, conversation.id)).not.toContain(BOT_TEXTS.greeting);
    expect((await handoffOf(conversation.id)).data).toMatchObject({
      reason: 'requested',
      teamId: general,
      rule: null,
      userId: null,
    });
    await waitForBotText(t, conversation, BOT_TEXTS.handoff);
  });

  it('hands off when the recognized intent’s answer is a handoff', async () => {
    const waId = '5215550001003';
    await says(waId, 'Quiero devolver un producto que compré');
    const conversation = await conversationOf(t, waId);
    await waitForConversation(t, conversation.id, (c) =>
      expect(c).toMatchObject({ status: 'OPEN', teamId: general }),
    );
    expect((await handoffOf(conversation.id)).data).toMatchObject({ reason: 'intent', teamId: general });
  });

  it('tells the customer when the team opens again, outside its schedule', async () => {
    const status = await read(t.api, `/teams/${billing}/schedule/status`, t.admin);
    expect(status).toMatchObject({ open: false, nextChangeAt: opening.toISOString() });
    const waId = '5215550001004';
    await says(waId, 'quiero hablar con una persona sobre mi factura');
    const conversation = await conversationOf(t, waId);
    await waitForConversation(t, conversation.id, (c) =>
      expect(c).toMatchObject({ status: 'OPEN', assignedTo: null, teamId: billing }),
    );
    const prefix = BOT_TEXTS.outOfHours.split('{nextOpening}')[0];
    await waitForBotText(t, conversation, prefix);
    const message = (await botTextsOf(t, conversation.id)).find((m) => m.startsWith(prefix))!;
    expect(message).not.toContain('{nextOpening}');
    // The team's schedule is in UTC and opens at 09:30: however the time is written, it shows 9:30.
    expect(message).toMatch(/\b0?9:30\b/);
    expect(message).toContain(String(opening.getUTCDate()));
    expect((await handoffOf(conversation.id)).data).toMatchObject({ teamId: billing, rule: 'Facturas' });
  });

  it('stays silent after a takeover, and answers again after return-to-bot with the summary', async () => {
    const waId = '5215550001005';
    await says(waId, 'hola');
    const conversation = await conversationOf(t, waId);
    await waitForBotText(t, conversation, BOT_TEXTS.greeting);

    const taken = await t.api.post(`/conversations/${conversation.id}/takeover`, undefined, {
      token: online.token,
    });
    expect(taken.body).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: online.id });
    const botBefore = await botTextsOf(t, conversation.id);
    const sentBefore = (await sentTo(t, waId)).length;

    await says(waId, '¿Cuánto cuesta el envío?');
    // A barrier: a later customer of the same bot gets an answer, so the bot has had its turn here too.
    const witness = '5215550001006';
    await says(witness, '¿Puedo pagar con tarjeta de crédito?');
    await waitForBotText(t, await conversationOf(t, witness), BOT_TEXTS.payment);
    expect((await messagesOf(t, conversation.id)).map((m) => m.text)).toContain('¿Cuánto cuesta el envío?');
    expect(await botTextsOf(t, conversation.id)).toEqual(botBefore);
    expect((await sentTo(t, waId)).length).toBe(sentBefore);
    expect((await read(t.api, `/conversations/${conversation.id}`, t.admin)).status).toBe('HUMAN_HANDLING');

    const summary = 'Preguntó el costo de envío; ya se le respondió que es gratis.';
    const returned = await t.api.post(
      `/conversations/${conversation.id}/return-to-bot`,
      { handoffSummary: summary },
      { token: online.token },
    );
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'BOT_HANDLING',
      assignedTo: null,
      handoffSummary: summary,
    });

    await says(waId, '¿Hacen envíos a domicilio?');
    await waitForBotText(t, conversation, BOT_TEXTS.shipping);
    expect((await read(t.api, `/conversations/${conversation.id}`, t.admin)).status).toBe('BOT_HANDLING');
  });
});
