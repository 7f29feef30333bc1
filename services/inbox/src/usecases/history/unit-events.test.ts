import { DEFAULT_BOT_SETTINGS, inboxEventSchemas, type HistoryEventView } from '@inbox/contracts';
import { endUnit, startUnit, stepMessage } from './unit-events';
import {
  botStarted,
  handoffTextKind,
  planUnit,
  type HistoryConversation,
  type HistoryMessage,
  type UnitFacts,
} from './unit-plan';

const T = (hhmm: string) => new Date(`2026-03-01T${hhmm}:00.000Z`);
const BEFORE = T('23:00');
const texts = { ...DEFAULT_BOT_SETTINGS, outOfHoursMessage: 'We open {nextOpening}. Bye.' };

const conversation = (c: Partial<HistoryConversation> = {}): HistoryConversation => ({
  id: 'c1',
  orgId: 7,
  waId: '5215511111111',
  status: 'OPEN',
  assignedTo: null,
  teamId: null,
  category: null,
  categorySource: null,
  categoryConfidence: null,
  origin: 'CUSTOMER',
  handoffSummary: null,
  createdAt: T('10:00'),
  updatedAt: T('12:00'),
  closedAt: null,
  lastMessageAt: null,
  ...c,
});

let seq = 0;
const msg = (at: string, m: Partial<HistoryMessage> = {}): HistoryMessage => {
  const inbound = (m.direction ?? 'inbound') === 'inbound';
  seq += 1;
  return {
    id: `m${seq}`,
    direction: inbound ? 'inbound' : 'outbound',
    sender: inbound ? 'customer' : 'agent',
    senderUserId: null,
    type: 'text',
    text: 'hi',
    mediaCaption: null,
    providerMessageId: `wamid.${seq}`,
    replyToProviderId: null,
    idempotencyKey: null,
    providerTimestamp: null,
    createdAt: T(at),
    ...m,
  };
};
const bot = (at: string, text: string, m: Partial<HistoryMessage> = {}) =>
  msg(at, { direction: 'outbound', sender: 'bot', text, ...m });
const agent = (at: string, userId = 'u1', m: Partial<HistoryMessage> = {}) =>
  msg(at, { direction: 'outbound', sender: 'agent', senderUserId: userId, ...m });

/** The unit told from start to end; each event checked against its live schema. */
function tell(facts: Omit<UnitFacts, 'botState'> & Partial<UnitFacts>, messages: HistoryMessage[]) {
  const plan = planUnit({ botState: null, ...facts }, texts, BEFORE);
  const start = startUnit(plan);
  const events: HistoryEventView[] = [...start.events];
  let progress = start.progress;
  for (const m of messages) {
    const step = stepMessage(plan, progress, m);
    events.push(...step.events);
    progress = step.progress;
  }
  events.push(...endUnit(plan, progress).events);
  for (const e of events) inboxEventSchemas[e.type as keyof typeof inboxEventSchemas].parse(e.data);
  return events;
}

/** `type@HH:MM` with the type's short name, e.g. `message.received@10:00`. */
const brief = (events: HistoryEventView[]) =>
  events.map((e) => `${e.type.replace(/^inbox\.|\.v1$/g, '')}@${e.occurredAt.slice(11, 16)}`);
const find = (events: HistoryEventView[], type: string) => events.filter((e) => e.type.includes(type));

describe('a conversation told as the inbox publishes it', () => {
  it('bot off: created OPEN, the messages, the assignee before their first message, the close', () => {
    const a = msg('10:00');
    const b = agent('10:05');
    const events = tell(
      {
        conversation: conversation({ status: 'CLOSED', assignedTo: 'u1', closedAt: T('11:00') }),
        firstAgentId: b.id,
        anchorBot: null,
      },
      [a, b],
    );
    expect(brief(events)).toEqual([
      'conversation.created@10:00',
      'message.received@10:00',
      'conversation.assigned@10:05',
      'message.sent@10:05',
      'conversation.status_changed@11:00',
    ]);
    expect(events[0].data).toMatchObject({ status: 'OPEN', origin: 'CUSTOMER' });
    expect(events[2].data).toMatchObject({ userId: 'u1', previousUserId: null });
    expect(events[3].data).toMatchObject({
      sender: 'agent',
      senderUserId: 'u1',
      sentAt: T('10:05').toISOString(),
    });
    expect(events[4].data).toMatchObject({ from: 'OPEN', to: 'CLOSED', by: 'agent' });
  });

  it('the bot greets, answers, falls back, hands off with its message; people take it from there', () => {
    const q1 = msg('10:00', { text: 'precio?' });
    const greeting = bot('10:00', texts.greeting!, { idempotencyKey: `bot:${q1.id}:1` });
    const answer = bot('10:00', 'Cuesta 10', { idempotencyKey: `bot:${q1.id}:2` });
    const q2 = msg('10:02', { text: '???' });
    const fallback1 = bot('10:02', texts.fallbackMessage);
    const q3 = msg('10:03', { text: '!!!' });
    const fallback2 = bot('10:03', texts.fallbackMessage);
    const q4 = msg('10:04', { text: 'agente' });
    const handoff = bot('10:04', texts.handoffMessage!, { idempotencyKey: `bot:${q4.id}:1` });
    const reply = agent('10:20');
    const events = tell(
      {
        conversation: conversation({
          status: 'HUMAN_HANDLING',
          assignedTo: 'u1',
          teamId: 't1',
          updatedAt: T('10:20'),
        }),
        botState: { contextSince: null },
        firstAgentId: reply.id,
        anchorBot: { id: handoff.id, at: handoff.createdAt },
      },
      [q1, greeting, answer, q2, fallback1, q3, fallback2, q4, handoff, reply],
    );
    expect(events[0].data).toMatchObject({ status: 'BOT_HANDLING' });
    const turns = [...find(events, 'bot.replied'), ...find(events, 'bot.fallback')].map((e) => e.data);
    expect(turns).toEqual([
      expect.objectContaining({
        kind: 'greeting',
        inReplyTo: q1.id,
        messageIds: [greeting.id],
        language: 'es',
      }),
      expect.objectContaining({ kind: 'answer', inReplyTo: q1.id, intent: null, confidence: null }),
      expect.objectContaining({ inReplyTo: q2.id, consecutive: 1 }),
      expect.objectContaining({ inReplyTo: q3.id, consecutive: 2 }),
    ]);
    expect(brief(events).slice(-5)).toEqual([
      'message.sent@10:04',
      'conversation.status_changed@10:04',
      'conversation.handoff@10:04',
      'conversation.assigned@10:04',
      'message.sent@10:20',
    ]);
    const [handoffEvent] = find(events, 'handoff');
    expect(handoffEvent.data).toEqual(expect.objectContaining({ userId: 'u1', teamId: 't1' }));
    expect(handoffEvent.data).not.toHaveProperty('reason');
    expect(find(events, 'conversation.updated')).toEqual([]);
  });

  it("the bot's out-of-hours message is a handoff for that reason", () => {
    const q = msg('22:00');
    const ooh = bot('22:00', 'We open Monday 9:00. Bye.');
    const events = tell(
      {
        conversation: conversation({ status: 'OPEN' }),
        firstAgentId: null,
        anchorBot: { id: ooh.id, at: ooh.createdAt },
      },
      [q, ooh],
    );
    expect(find(events, 'bot.')).toEqual([]);
    expect(find(events, 'handoff')[0].data).toMatchObject({ reason: 'out_of_hours', userId: null });
    expect(find(events, 'status_changed')[0].data).toMatchObject({
      from: 'BOT_HANDLING',
      to: 'OPEN',
      by: 'bot',
    });
  });

  it('an agent took over without the bot handing off: at the customer message the bot left unanswered', () => {
    const q1 = msg('10:00');
    const answer = bot('10:00', 'Cuesta 10');
    const q2 = msg('10:30');
    const reply = agent('10:45');
    const events = tell(
      {
        conversation: conversation({
          status: 'WAITING_FOR_CUSTOMER',
          assignedTo: 'u1',
          updatedAt: T('10:45'),
        }),
        firstAgentId: reply.id,
        anchorBot: { id: answer.id, at: answer.createdAt },
      },
      [q1, answer, q2, reply],
    );
    expect(brief(events).slice(4)).toEqual([
      'message.received@10:30',
      'conversation.status_changed@10:30',
      'conversation.handoff@10:30',
      'conversation.assigned@10:30',
      'message.sent@10:45',
      'conversation.status_changed@10:45',
    ]);
    expect(find(events, 'handoff')[0].data).toMatchObject({ userId: 'u1', actorId: null });
    expect(events.at(-1)!.data).toMatchObject({
      from: 'HUMAN_HANDLING',
      to: 'WAITING_FOR_CUSTOMER',
      by: 'system',
    });
  });

  it('the bot closed a silent conversation alone: contained', () => {
    const closed = new Date('2026-03-01T10:00:00Z');
    const contained = tell(
      {
        conversation: conversation({
          createdAt: new Date(closed.getTime() - 26 * 3600_000),
          status: 'CLOSED',
          closedAt: T('09:00'),
          lastMessageAt: new Date(closed.getTime() - 26 * 3600_000),
        }),
        botState: { contextSince: null },
        firstAgentId: null,
        anchorBot: null,
      },
      [],
    );
    expect(brief(contained).slice(1)).toEqual(['conversation.status_changed@09:00', 'bot.contained@09:00']);
    expect(contained[1].data).toMatchObject({
      from: 'BOT_HANDLING',
      to: 'CLOSED',
      by: 'bot',
      reason: 'bot_inactivity',
    });
  });

  it('an agent closed a conversation the bot still had (soon after its last message): not contained', () => {
    const q = msg('10:00');
    const answer = bot('10:00', 'Cuesta 10');
    const events = tell(
      {
        conversation: conversation({ status: 'CLOSED', closedAt: T('10:10'), lastMessageAt: T('10:00') }),
        firstAgentId: null,
        anchorBot: { id: answer.id, at: answer.createdAt },
      },
      [q, answer],
    );
    expect(find(events, 'handoff')).toEqual([]);
    expect(find(events, 'contained')).toEqual([]);
    expect(events.at(-1)!.data).toMatchObject({ from: 'BOT_HANDLING', to: 'CLOSED', by: 'agent' });
  });

  it('a template send started it: WAITING_FOR_CUSTOMER, never the bot; an unaccepted send is not told', () => {
    const template = msg('10:00', {
      direction: 'outbound',
      sender: 'system',
      type: 'template',
      providerMessageId: null,
    });
    const facts = {
      conversation: conversation({
        origin: 'TEMPLATE',
        status: 'WAITING_FOR_CUSTOMER',
        teamId: 't1',
        category: 'Ventas',
        categorySource: 'template',
      }),
      firstAgentId: null,
      anchorBot: null,
    };
    const events = tell(facts, [template]);
    expect(brief(events)).toEqual([
      'conversation.created@10:00',
      'conversation.updated@10:00',
      'conversation.categorized@10:00',
    ]);
    expect(events[0].data).toMatchObject({ status: 'WAITING_FOR_CUSTOMER', origin: 'TEMPLATE' });
    expect(events[1].data).toMatchObject({ changes: ['teamId'], teamId: 't1' });
    expect(events[2].data).toMatchObject({ category: 'Ventas', previous: null, source: 'template' });
    expect(botStarted({ ...facts, botState: { contextSince: null } })).toBe(false);
  });

  it('a close or a status at or after the cutoff has not happened yet', () => {
    const events = tell(
      {
        conversation: conversation({ status: 'CLOSED', closedAt: T('23:30'), updatedAt: T('23:30') }),
        firstAgentId: null,
        anchorBot: null,
      },
      [msg('10:00')],
    );
    expect(brief(events)).toEqual(['conversation.created@10:00', 'message.received@10:00']);
  });

  it('recognizes the out-of-hours message with its opening filled in', () => {
    expect(handoffTextKind(texts, 'We open Tuesday. Bye.')).toBe('out_of_hours');
    expect(handoffTextKind(texts, texts.handoffMessage)).toBe('handoff');
    expect(handoffTextKind(texts, 'We open . Bye.')).toBeNull();
    expect(handoffTextKind(texts, null)).toBeNull();
  });
});
