import { and, eq } from 'drizzle-orm';
import { DEFAULT_BOT_SETTINGS, type BotCategory, type BotIntent } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { routingCursors } from '../../db/schema';
import { botFixture } from '../../testing/bot-fixture';
import { returnConversationToBot } from '../conversations/return-conversation-to-bot';
import { updateConversation } from '../conversations/update-conversation';
import { handleCustomerMessage } from './handle-customer-message';
import { formatOpening } from './handoff';

const bot = botFixture(9201);
const testbed = openForTestFile(bot.start);
const { customerWrites, botSaid } = bot;

const GREETING = DEFAULT_BOT_SETTINGS.greeting as string;
const FALLBACK = DEFAULT_BOT_SETTINGS.fallbackMessage;
const HANDOFF = DEFAULT_BOT_SETTINGS.handoffMessage as string;
const HOURS_ANSWER = 'Abrimos de lunes a viernes de 9 a 18 h.';

const CATEGORIES: BotCategory[] = [
  {
    name: 'facturación',
    examples: [
      'mi factura tiene un cobro doble',
      'necesito la factura de mi compra',
      'me cobraron dos veces',
      'el cobro en mi tarjeta está mal',
      'quiero un reembolso del cobro',
    ],
  },
  {
    name: 'envíos',
    examples: [
      'mi pedido no ha llegado',
      'dónde está mi paquete',
      'el repartidor no vino',
      'quiero rastrear mi envío',
      'el paquete llegó dañado',
    ],
  },
];
const HOURS: BotIntent = {
  name: 'horario',
  examples: ['¿cuál es su horario?', '¿a qué hora abren?', 'horario de atención', '¿están abiertos hoy?'],
  answer: { type: 'text', text: HOURS_ANSWER },
};
const COMPLAINT: BotIntent = {
  name: 'queja',
  examples: ['quiero poner una queja', 'presentar un reclamo', 'tengo una queja formal', 'quiero reclamar'],
  answer: { type: 'handoff' },
  category: 'facturación',
};

/** An organization with a billing team (round robin, one member ONLINE) and a general fallback team. */
async function routedOrg(schedule?: { open: boolean; nextChangeAt: string | null; timezone: string }) {
  const { directory } = testbed;
  const made: Record<string, string> = {};
  const org = await bot.botOrg((orgId) => {
    made.online = directory.addUser(orgId);
    const offline = directory.addUser(orgId);
    const teamSchedule = schedule ? { schedule } : {};
    made.billing = directory.addTeam(orgId, {
      members: [
        { userId: offline, status: 'OFFLINE' },
        { userId: made.online, status: 'ONLINE' },
      ],
      ...teamSchedule,
    }).id;
    made.general = directory.addTeam(orgId, teamSchedule).id;
    return {
      categories: CATEGORIES,
      settings: { intents: [HOURS, COMPLAINT] },
      routing: {
        rules: [
          {
            name: 'billing',
            when: { categories: ['facturación'] },
            teamId: made.billing,
            assign: 'round_robin',
          },
        ],
        fallbackTeamId: made.general,
      },
    };
  });
  return { ...org, online: made.online, billing: { id: made.billing }, general: { id: made.general } };
}

const handoffs = async (orgId: number) =>
  (await bot.eventsOf(orgId, 'inbox.conversation.handoff.v1')).map((e) => e.data);

describe('the bot handing off to people', () => {
  it('after two misunderstandings: classified, routed to the rule’s team and agent, summarized, the customer told', async () => {
    const { orgId, sim, customer, online, billing } = await routedOrg();
    const { conversationId } = await customerWrites(
      orgId,
      customer,
      'me cobraron dos veces la factura del pedido 48213',
    );
    await customerWrites(orgId, customer, 'el cobro doble en mi tarjeta sigue ahí');

    expect(await botSaid(sim)).toEqual([GREETING, FALLBACK, HANDOFF]);
    const conversation = await bot.conversation(conversationId);
    expect(conversation).toMatchObject({
      status: 'HUMAN_HANDLING',
      assignedTo: online,
      teamId: billing.id,
      category: 'facturación',
      categorySource: 'ai',
    });
    expect(conversation.categoryConfidence).toBeGreaterThan(0);
    expect(conversation.handoffSummary).toContain('48213');
    expect(await handoffs(orgId)).toEqual([
      expect.objectContaining({
        reason: 'fallbacks',
        teamId: billing.id,
        rule: 'billing',
        userId: online,
        actorId: null,
      }),
    ]);
    expect(await bot.eventsOf(orgId, 'inbox.conversation.categorized.v1')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ category: 'facturación', source: 'ai' }) }),
    ]);
    const [cursor] = await testbed.deps.db
      .select()
      .from(routingCursors)
      .where(and(eq(routingCursors.orgId, orgId), eq(routingCursors.teamId, billing.id)));
    expect(cursor.lastUserId).toBe(online);
    // The handoff message is the bot's and went out after the move.
    const last = (await bot.messagesOf(conversationId)).at(-1);
    expect(last).toMatchObject({ sender: 'bot', text: HANDOFF, status: 'SENT' });
  });

  it('on a handoff keyword at once, without a greeting; no rule matches → the fallback team’s queue', async () => {
    const { orgId, sim, customer, general } = await routedOrg();
    const { conversationId } = await customerWrites(orgId, customer, 'asesor');

    expect(await botSaid(sim)).toEqual([HANDOFF]);
    expect(await bot.conversation(conversationId)).toMatchObject({
      status: 'OPEN',
      assignedTo: null,
      teamId: general.id,
    });
    expect(await handoffs(orgId)).toEqual([
      expect.objectContaining({ reason: 'requested', teamId: general.id, rule: null, userId: null }),
    ]);
  });

  it('on an intent answered by a handoff, with the intent’s category', async () => {
    const { orgId, customer, billing } = await routedOrg();
    const { conversationId } = await customerWrites(orgId, customer, 'quiero poner una queja');
    expect(await bot.conversation(conversationId)).toMatchObject({
      teamId: billing.id,
      category: 'facturación',
      categorySource: 'ai',
    });
    expect(await handoffs(orgId)).toEqual([expect.objectContaining({ reason: 'intent', rule: 'billing' })]);
  });

  it('keeps a category an agent chose, and routes by it', async () => {
    const { orgId, agent, customer, general } = await routedOrg();
    const { conversationId } = await customerWrites(orgId, customer, '¿a qué hora abren?');
    await updateConversation(testbed.deps, agent, conversationId, { category: 'ventas' });
    await customerWrites(orgId, customer, 'me cobraron dos veces, quiero hablar con un agente');
    expect(await bot.conversation(conversationId)).toMatchObject({
      category: 'ventas',
      categorySource: 'agent',
      teamId: general.id,
    });
  });

  it('outside the team’s hours: the out-of-hours message with the next opening in the team’s time zone', async () => {
    const nextChangeAt = '2026-05-11T14:00:00.000Z';
    const schedule = { open: false, nextChangeAt, timezone: 'America/Mexico_City' };
    const { orgId, sim, customer, general } = await routedOrg(schedule);
    await customerWrites(orgId, customer, 'agente');

    const opening = formatOpening(new Date(nextChangeAt), 'America/Mexico_City', 'es');
    // 14:00 UTC is 8:00 in Mexico City.
    expect(opening).toContain('8:00');
    expect(opening).toContain('11 de mayo');
    expect(await botSaid(sim)).toEqual([
      (DEFAULT_BOT_SETTINGS.outOfHoursMessage as string).replace('{nextOpening}', opening),
    ]);
    expect(await handoffs(orgId)).toEqual([
      expect.objectContaining({ reason: 'out_of_hours', teamId: general.id }),
    ]);
  });
});

describe('when the directory cannot answer', () => {
  it('leaves the turn for the bus to try again, and on the last attempt hands off unrouted', async () => {
    const { orgId, sim, customer } = await routedOrg();
    const written = await customerWrites(orgId, customer, 'agente', 0);
    const data = written.event.data as { sentAt: string };
    const turn = {
      orgId,
      conversationId: written.conversationId,
      messageId: written.messageId,
      type: 'text',
      text: 'agente',
      replyId: null,
      sentAt: new Date(data.sentAt),
      requestId: 'req-test',
    };
    const directoryDown = Object.assign(Object.create(testbed.directory), {
      routingTeam: () => Promise.reject(new Error('directory unavailable')),
    });
    const deps = { ...testbed.deps, directory: directoryDown };

    await expect(handleCustomerMessage(deps, turn)).rejects.toThrow('directory unavailable');
    expect(await botSaid(sim)).toEqual([]);
    expect((await bot.conversation(written.conversationId)).status).toBe('BOT_HANDLING');

    expect(await handleCustomerMessage(deps, { ...turn, lastAttempt: true })).toBe('handed_off');
    expect(await botSaid(sim)).toEqual([HANDOFF]);
    expect(await bot.conversation(written.conversationId)).toMatchObject({ status: 'OPEN', teamId: null });
    expect(await handoffs(orgId)).toEqual([expect.objectContaining({ reason: 'requested', teamId: null })]);
  });
});

describe('back to the bot', () => {
  it('resumes with the agent’s summary as context: no greeting, misunderstandings from zero, context from now', async () => {
    const { orgId, sim, agent, customer } = await routedOrg();
    const { conversationId } = await customerWrites(orgId, customer, 'me cobraron dos veces el pedido 48213');
    await customerWrites(orgId, customer, 'sigue el cobro doble');
    expect((await bot.conversation(conversationId)).status).toBe('HUMAN_HANDLING');
    // Customer messages carry whole-second times and the context starts at the return's second:
    // people had the conversation for a moment at least, so the return is in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

    await returnConversationToBot(
      testbed.deps,
      agent,
      conversationId,
      'Reembolso hecho; confirmar recepción',
    );
    expect(await bot.botState(conversationId)).toMatchObject({ greeted: true, consecutiveFallbacks: 0 });
    expect((await bot.botState(conversationId)).contextSince).not.toBeNull();

    await customerWrites(orgId, customer, 'zzz qqq');
    await customerWrites(orgId, customer, '¿a qué hora abren?');
    expect((await botSaid(sim)).slice(3)).toEqual([FALLBACK, HOURS_ANSWER]);
    expect((await bot.conversation(conversationId)).status).toBe('BOT_HANDLING');

    // The next handoff's summary reads from the return on, and carries the agent's summary.
    await customerWrites(orgId, customer, 'quiero un agente');
    const summary = (await bot.conversation(conversationId)).handoffSummary;
    expect(summary).toContain('Reembolso hecho');
    expect(summary).not.toContain('48213');
  });

  it('a PATCH to BOT_HANDLING resumes the bot as return-to-bot does: context from now, misunderstandings from zero', async () => {
    const { orgId, agent, customer } = await routedOrg();
    const { conversationId } = await customerWrites(orgId, customer, 'zzz qqq');
    await customerWrites(orgId, customer, 'quiero un agente');
    expect((await bot.conversation(conversationId)).status).not.toBe('BOT_HANDLING');
    expect((await bot.botState(conversationId)).contextSince).toBeNull();

    await updateConversation(testbed.deps, agent, conversationId, { status: 'BOT_HANDLING' });
    expect((await bot.conversation(conversationId)).status).toBe('BOT_HANDLING');
    expect(await bot.botState(conversationId)).toMatchObject({ consecutiveFallbacks: 0 });
    expect((await bot.botState(conversationId)).contextSince).not.toBeNull();
  });
});
