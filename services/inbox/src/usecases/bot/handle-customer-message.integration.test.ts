import { DEFAULT_BOT_SETTINGS, type BotIntent } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { botFixture } from '../../testing/bot-fixture';
import { takeoverConversation } from '../conversations/takeover-conversation';
import { putBotSettings } from './bot-config';
import { handleCustomerMessage, type CustomerMessage } from './handle-customer-message';

const bot = botFixture(9101);
const testbed = openForTestFile(bot.start);
const { botOrg, customerWrites, botSaid } = bot;

const GREETING = DEFAULT_BOT_SETTINGS.greeting as string;
const FALLBACK = DEFAULT_BOT_SETTINGS.fallbackMessage;
const HOURS_ANSWER = 'Abrimos de lunes a viernes de 9 a 18 h.';

const HOURS: BotIntent = {
  name: 'horario',
  examples: [
    '¿cuál es su horario?',
    '¿a qué hora abren?',
    'horario de atención',
    '¿están abiertos hoy?',
    '¿hasta qué hora atienden?',
    'what are your opening hours',
  ],
  answer: { type: 'text', text: HOURS_ANSWER },
};
const MENU: BotIntent = {
  name: 'menu',
  examples: ['quiero ver el menú', 'menú de opciones', '¿qué opciones tienen?', 'muéstrame las opciones'],
  answer: {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: '¿Qué necesitas?',
      buttons: [
        { id: 'horario', title: 'Horario' },
        { id: 'handoff', title: 'Una persona' },
      ],
    },
  },
};
const settings = { intents: [HOURS, MENU] };

/** A customer message as the consumer hands it to the use case. */
const turnOf = (orgId: number, written: Awaited<ReturnType<typeof customerWrites>>): CustomerMessage => {
  const data = written.event.data as { type: string; text: string | null; sentAt: string };
  return {
    orgId,
    conversationId: written.conversationId,
    messageId: written.messageId,
    type: data.type,
    text: data.text,
    replyId: null,
    sentAt: new Date(data.sentAt),
    requestId: 'req-test',
  };
};

describe('the bot answering customers', () => {
  it('greets on the first message and answers an FAQ, as the bot, leaving the conversation with it', async () => {
    const { orgId, sim, customer } = await botOrg({ settings });
    const { conversationId, messageId } = await customerWrites(orgId, customer, 'Hola, ¿a qué hora abren?');

    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER]);
    const outbound = (await bot.messagesOf(conversationId)).filter((m) => m.direction === 'outbound');
    expect(outbound).toEqual([
      expect.objectContaining({ sender: 'bot', senderUserId: null, status: 'SENT', text: GREETING }),
      expect.objectContaining({ sender: 'bot', status: 'SENT', text: HOURS_ANSWER }),
    ]);
    expect(outbound.map((m) => m.idempotencyKey)).toEqual([`bot:${messageId}:1`, `bot:${messageId}:2`]);
    expect(await bot.conversation(conversationId)).toMatchObject({
      status: 'BOT_HANDLING',
      assignedTo: null,
      lastMessageDirection: 'outbound',
      lastMessagePreview: HOURS_ANSWER,
    });
    const replied = (await bot.eventsOf(orgId, 'inbox.bot.replied.v1')).map((e) => e.data);
    expect(replied).toEqual([
      expect.objectContaining({ inReplyTo: messageId, kind: 'greeting', messageIds: [outbound[0].id] }),
      expect.objectContaining({ kind: 'answer', intent: 'horario', messageIds: [outbound[1].id] }),
    ]);
    expect((replied[1] as { confidence: number }).confidence).toBeGreaterThan(0);
    expect(await bot.eventsOf(orgId, 'inbox.message.sent.v1')).toHaveLength(2);
    expect(await bot.eventsOf(orgId, 'inbox.conversation.status_changed.v1')).toEqual([]);

    // The second question gets its answer alone: one greeting per conversation.
    await customerWrites(orgId, customer, '¿y cuál es el horario de atención el sábado?');
    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER, HOURS_ANSWER]);
  });

  it('answers with an interactive message, and a button naming an intent gets that intent', async () => {
    const { orgId, sim, customer } = await botOrg({ settings: { ...settings, greeting: null } });
    await customerWrites(orgId, customer, 'muéstrame las opciones');
    const [menu] = await bot.sent(sim);
    expect(menu.body).toMatchObject({
      type: 'interactive',
      interactive: { type: 'button', body: { text: '¿Qué necesitas?' } },
    });

    await customerWrites(orgId, customer, {
      type: 'interactive',
      payload: { type: 'button_reply', button_reply: { id: 'horario', title: 'Horario' } },
    });
    expect(await botSaid(sim)).toEqual(['¿Qué necesitas?', HOURS_ANSWER]);
  });

  it('sends the fallback message when it does not understand, greeting first on the first message', async () => {
    const { orgId, sim, customer } = await botOrg({ settings: { ...settings, maxFallbacks: 3 } });
    const first = await customerWrites(orgId, customer, 'qwerty asdfgh zxcvb');
    await customerWrites(orgId, customer, 'lorem ipsum dolor');

    expect(await botSaid(sim)).toEqual([GREETING, FALLBACK, FALLBACK]);
    const fallbacks = (await bot.eventsOf(orgId, 'inbox.bot.fallback.v1')).map((e) => e.data);
    expect(fallbacks).toEqual([
      expect.objectContaining({ inReplyTo: first.messageId, consecutive: 1 }),
      expect.objectContaining({ consecutive: 2 }),
    ]);
    expect(await bot.botState(first.conversationId)).toMatchObject({
      greeted: true,
      consecutiveFallbacks: 2,
    });
    expect((await bot.conversation(first.conversationId)).status).toBe('BOT_HANDLING');
  });

  it('ignores reactions: nothing to answer, nothing counted', async () => {
    const { orgId, sim, customer } = await botOrg({ settings });
    const { conversationId } = await customerWrites(orgId, customer, '¿a qué hora abren?');
    const [, answer] = (await bot.messagesOf(conversationId)).filter((m) => m.direction === 'outbound');
    await customerWrites(orgId, customer, {
      type: 'reaction',
      payload: { message_id: answer.providerMessageId, emoji: '👍' },
    });
    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER]);
    expect(await bot.botState(conversationId)).toMatchObject({ consecutiveFallbacks: 0 });
  });
});

describe('answered once, and never after a takeover', () => {
  it('answers a redelivered message once', async () => {
    const { orgId, sim, customer } = await botOrg({ settings });
    const { event, conversationId } = await customerWrites(orgId, customer, '¿a qué hora abren?', 3);
    await bot.deliver(event);

    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER]);
    expect((await bot.messagesOf(conversationId)).filter((m) => m.sender === 'bot')).toHaveLength(2);
    expect(await bot.eventsOf(orgId, 'inbox.bot.replied.v1')).toHaveLength(2);
  });

  it('answers a message handled twice at the same moment once (the second turn decides again and finds it done)', async () => {
    const { orgId, sim, customer } = await botOrg({ settings });
    // Stored without a delivery: the two turns below are its only ones.
    const written = await customerWrites(orgId, customer, '¿a qué hora abren?', 0);
    const turn = turnOf(orgId, written);
    const outcomes = await Promise.all([
      handleCustomerMessage(testbed.deps, turn),
      handleCustomerMessage(testbed.deps, turn),
    ]);
    expect(outcomes.sort()).toEqual(['answered', 'skipped']);
    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER]);
  });

  it('stays silent after an agent takes the conversation over', async () => {
    const { orgId, sim, agent, customer } = await botOrg({ settings });
    const { conversationId } = await customerWrites(orgId, customer, '¿a qué hora abren?');
    await takeoverConversation(testbed.deps, agent, conversationId);

    await customerWrites(orgId, customer, '¿y el sábado a qué hora abren?');
    await customerWrites(orgId, customer, 'qwerty asdfgh');
    expect(await botSaid(sim)).toEqual([GREETING, HOURS_ANSWER]);
    expect((await bot.conversation(conversationId)).status).toBe('HUMAN_HANDLING');
  });

  it('says nothing when the takeover lands while it is thinking (re-checked under the lock)', async () => {
    const { orgId, sim, agent, customer } = await botOrg({ settings });
    const written = await customerWrites(orgId, customer, '¿a qué hora abren?', 0);
    const real = testbed.deps.intelligence;
    const deps = {
      ...testbed.deps,
      intelligence: {
        ...real,
        recognizeIntent: async (...args: Parameters<typeof real.recognizeIntent>) => {
          await takeoverConversation(testbed.deps, agent, written.conversationId);
          return real.recognizeIntent(...args);
        },
      },
    };
    expect(await handleCustomerMessage(deps, turnOf(orgId, written))).toBe('skipped');
    expect(await botSaid(sim)).toEqual([]);
    expect(await bot.messagesOf(written.conversationId)).toEqual([
      expect.objectContaining({ direction: 'inbound' }),
    ]);
  });

  it('leaves conversations of an organization whose bot is off alone', async () => {
    const { orgId, sim, admin, customer } = await botOrg({ settings });
    const { conversationId, event } = await customerWrites(orgId, customer, '¿a qué hora abren?', 0);
    await putBotSettings(testbed.deps, admin, JSON.stringify({ ...DEFAULT_BOT_SETTINGS, ...settings }));
    await bot.deliver(event);
    expect(await botSaid(sim)).toEqual([]);
    expect((await bot.conversation(conversationId)).status).toBe('BOT_HANDLING');
  });
});
