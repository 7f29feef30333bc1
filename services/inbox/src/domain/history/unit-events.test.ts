import {
  agent,
  bot,
  brief,
  conversation,
  find,
  msg,
  T,
  tell,
  texts,
  unitOf,
} from '../../testing/history-builders';
import { botStarted, handoffTextKind } from './unit-plan';

describe('a conversation told as the inbox publishes it', () => {
  it('bot off: created OPEN, the messages, the assignee before their first message, the close', () => {
    const events = tell(conversation({ status: 'CLOSED', assignedTo: 'u1', closedAt: T('11:00') }), [
      msg('10:00'),
      agent('10:05'),
    ]);
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
      conversation({ status: 'HUMAN_HANDLING', assignedTo: 'u1', teamId: 't1', updatedAt: T('10:20') }),
      [q1, greeting, answer, q2, fallback1, q3, fallback2, q4, handoff, reply],
      { contextSince: null, updatedAt: T('10:04') },
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
    expect(find(events, 'bot.').map((e) => e.id)).toEqual([
      // By the customer message answered and the kind: how the analytics consumer matches live turns.
      `history:inbox:bot:${q1.id}:greeting`,
      `history:inbox:bot:${q1.id}:answer`,
      `history:inbox:bot:${q2.id}:fallback`,
      `history:inbox:bot:${q3.id}:fallback`,
    ]);
    expect(find(events, 'message.received')[0].id).toBe(`history:inbox:msg:${q1.id}`);
    expect(brief(events).slice(-5)).toEqual([
      'message.sent@10:04',
      'conversation.status_changed@10:04',
      'conversation.handoff@10:04',
      'conversation.assigned@10:04',
      'message.sent@10:20',
    ]);
    const [handoffEvent] = find(events, 'handoff');
    expect(handoffEvent.data).toEqual(expect.objectContaining({ userId: 'u1', teamId: 't1' }));
    // The bot's reason (asked, fallbacks, an intent) was not stored.
    expect(handoffEvent.data).not.toHaveProperty('reason');
    expect(find(events, 'conversation.updated')).toEqual([]);
  });

  it("the bot's out-of-hours message is a handoff for that reason", () => {
    const q = msg('22:00');
    const ooh = bot('22:00', 'We open Monday 9:00. Bye.');
    const events = tell(conversation({ status: 'OPEN' }), [q, ooh]);
    expect(find(events, 'bot.')).toEqual([]);
    expect(find(events, 'handoff')[0].data).toMatchObject({ reason: 'out_of_hours', userId: null });
    expect(find(events, 'status_changed')[0].data).toMatchObject({
      from: 'BOT_HANDLING',
      to: 'OPEN',
      by: 'bot',
    });
  });

  it('an agent took over without the bot handing off: at the customer message the bot left unanswered, reason agent', () => {
    const events = tell(
      conversation({ status: 'WAITING_FOR_CUSTOMER', assignedTo: 'u1', updatedAt: T('10:45') }),
      [msg('10:00'), bot('10:00', 'Cuesta 10'), msg('10:30'), agent('10:45')],
    );
    expect(brief(events).slice(4)).toEqual([
      'message.received@10:30',
      'conversation.status_changed@10:30',
      'conversation.handoff@10:30',
      'conversation.assigned@10:30',
      'message.sent@10:45',
      'conversation.status_changed@10:45',
    ]);
    // What the inbox publishes live for a takeover (conversation-changes.ts).
    expect(find(events, 'handoff')[0].data).toMatchObject({
      userId: 'u1',
      reason: 'agent',
      rule: null,
      actorId: null,
    });
    expect(find(events, 'status_changed')[0].data).toMatchObject({ by: 'agent', reason: 'takeover' });
    expect(events.at(-1)!.data).toMatchObject({
      from: 'HUMAN_HANDLING',
      to: 'WAITING_FOR_CUSTOMER',
      by: 'system',
    });
  });

  it('the bot closed a silent conversation alone: contained', () => {
    const closed = new Date('2026-03-01T10:00:00Z');
    const contained = tell(
      conversation({
        createdAt: new Date(closed.getTime() - 26 * 3600_000),
        status: 'CLOSED',
        closedAt: T('09:00'),
      }),
      [],
      { contextSince: null, updatedAt: T('09:00') },
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
    const events = tell(conversation({ status: 'CLOSED', closedAt: T('10:10') }), [
      msg('10:00'),
      bot('10:00', 'Cuesta 10'),
    ]);
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
    const c = conversation({
      origin: 'TEMPLATE',
      status: 'WAITING_FOR_CUSTOMER',
      teamId: 't1',
      category: 'Ventas',
      categorySource: 'template',
    });
    const events = tell(c, [template]);
    expect(brief(events)).toEqual([
      'conversation.created@10:00',
      'conversation.updated@10:00',
      'conversation.categorized@10:00',
    ]);
    expect(events[0].data).toMatchObject({ status: 'WAITING_FOR_CUSTOMER', origin: 'TEMPLATE' });
    expect(events[1].data).toMatchObject({ changes: ['teamId'], teamId: 't1' });
    expect(events[2].data).toMatchObject({ category: 'Ventas', previous: null, source: 'template' });
    const state = { contextSince: null, updatedAt: T('10:00') };
    expect(botStarted(unitOf(c, [template], state), T('23:00'))).toBe(false);
  });

  it('recognizes the out-of-hours message with its opening filled in', () => {
    expect(handoffTextKind(texts, 'We open Tuesday. Bye.')).toBe('out_of_hours');
    expect(handoffTextKind(texts, texts.handoffMessage)).toBe('handoff');
    expect(handoffTextKind(texts, 'We open . Bye.')).toBeNull();
    expect(handoffTextKind(texts, null)).toBeNull();
  });
});
