import type { HistoryEventView } from '@inbox/contracts';
import {
  agent,
  BEFORE,
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
import { botStarted, planUnit } from './unit-plan';

/** A row changed at or after the cutoff: its fields may tell what happened since. */
const AFTER = T('23:30');

const at = (events: HistoryEventView[]) => events.map((e) => e.occurredAt);
const nothingAfterCutoff = (events: HistoryEventView[]) =>
  expect(at(events).filter((t) => t >= BEFORE.toISOString())).toEqual([]);

describe('what happened at or after the cutoff is not told', () => {
  it('a close after the cutoff has not happened yet', () => {
    const events = tell(conversation({ status: 'CLOSED', closedAt: AFTER, updatedAt: AFTER }), [
      msg('10:00'),
    ]);
    expect(brief(events)).toEqual(['conversation.created@10:00', 'message.received@10:00']);
  });

  it('messages at or after the cutoff are left out', () => {
    const late = msg('23:00');
    const events = tell(conversation({ updatedAt: AFTER }), [msg('10:00'), late]);
    expect(events.map((e) => e.data.messageId).filter(Boolean)).not.toContain(late.id);
    nothingAfterCutoff(events);
  });

  it('an assignment after the cutoff: the assignee is the first agent who wrote before it, its status replayed', () => {
    const c = conversation({ status: 'HUMAN_HANDLING', assignedTo: 'u2', updatedAt: AFTER });
    const events = tell(c, [msg('10:00'), agent('10:05', 'u1'), agent('23:10', 'u2')]);
    expect(brief(events)).toEqual([
      'conversation.created@10:00',
      'message.received@10:00',
      'conversation.assigned@10:05',
      'message.sent@10:05',
      'conversation.status_changed@10:05',
    ]);
    expect(find(events, 'assigned')[0].data).toMatchObject({ userId: 'u1' });
    // OPEN, assigned (HUMAN_HANDLING), the agent wrote (WAITING_FOR_CUSTOMER).
    expect(events.at(-1)!.data).toMatchObject({ from: 'OPEN', to: 'WAITING_FOR_CUSTOMER', by: 'system' });
  });

  it('an assignment after the cutoff of a conversation nobody wrote in: no assignee, no status', () => {
    const events = tell(conversation({ status: 'HUMAN_HANDLING', assignedTo: 'u2', updatedAt: AFTER }), [
      msg('10:00'),
    ]);
    expect(brief(events)).toEqual(['conversation.created@10:00', 'message.received@10:00']);
  });

  it('a takeover after the cutoff of a bot conversation: still the bot’s at the cutoff', () => {
    const c = conversation({ status: 'HUMAN_HANDLING', assignedTo: 'u1', updatedAt: AFTER });
    const events = tell(c, [msg('10:00'), bot('10:00', 'Cuesta 10'), msg('22:00'), agent('23:05')]);
    expect(events[0].data).toMatchObject({ status: 'BOT_HANDLING' });
    expect(find(events, 'handoff')).toEqual([]);
    expect(find(events, 'assigned')).toEqual([]);
    expect(find(events, 'status_changed')).toEqual([]);
    nothingAfterCutoff(events);
  });

  it('team and category are told as they are now, changed since or not (analytics keeps the latest)', () => {
    const c = conversation({
      teamId: 't1',
      category: 'Ventas',
      categorySource: 'agent',
      updatedAt: AFTER,
    });
    for (const row of [c, { ...c, updatedAt: T('12:00') }])
      expect(brief(tell(row, [msg('10:00')])).slice(1, 3)).toEqual([
        'conversation.updated@10:00',
        'conversation.categorized@10:00',
      ]);
    expect(find(tell(c, [msg('10:00')]), 'updated')[0].data).toMatchObject({ teamId: 't1' });
  });

  it('closed before the cutoff and reopened after: told as open (the reopen cleared closed_at)', () => {
    const c = conversation({ status: 'HUMAN_HANDLING', assignedTo: 'u1', closedAt: null, updatedAt: AFTER });
    const events = tell(c, [msg('10:00'), agent('10:05', 'u1')]);
    expect(find(events, 'status_changed').map((e) => e.data.to)).toEqual(['WAITING_FOR_CUSTOMER']);
  });

  it('closed before the cutoff and still closed: the close is told even if the row changed since', () => {
    const c = conversation({ status: 'CLOSED', closedAt: T('11:00'), category: 'Ventas', updatedAt: AFTER });
    const events = tell(c, [msg('10:00'), agent('10:05', 'u1')]);
    expect(brief(events)).toEqual([
      'conversation.created@10:00',
      'conversation.categorized@10:00',
      'message.received@10:00',
      'conversation.assigned@10:05',
      'message.sent@10:05',
      'conversation.status_changed@11:00',
    ]);
    expect(events.at(-1)!.data).toMatchObject({ from: 'OPEN', to: 'CLOSED', by: 'agent' });
  });

  it('a bot conversation people took before the cutoff, changed since: the takeover at the first agent message', () => {
    const c = conversation({ status: 'OPEN', assignedTo: null, teamId: 't9', updatedAt: AFTER });
    const events = tell(c, [msg('10:00'), bot('10:00', 'Cuesta 10'), agent('10:20', 'u1'), msg('10:30')]);
    const handoff = find(events, 'handoff');
    expect(handoff).toHaveLength(1);
    // No customer message between the bot's answer and the agent's: the takeover is at the agent's.
    expect(handoff[0]).toMatchObject({
      occurredAt: T('10:20').toISOString(),
      data: { userId: 'u1', reason: 'agent', teamId: 't9' },
    });
    // Taken (HUMAN_HANDLING), the agent wrote (WAITING), the customer answered: HUMAN_HANDLING again.
    expect(find(events, 'status_changed').map((e) => e.data.to)).toEqual(['HUMAN_HANDLING']);
  });

  it("the bot's handoff message before the cutoff is a handoff even when the row changed since", () => {
    const q = msg('10:00', { text: 'agente' });
    const events = tell(conversation({ status: 'CLOSED', closedAt: AFTER, updatedAt: AFTER }), [
      q,
      bot('10:00', texts.handoffMessage!, { idempotencyKey: `bot:${q.id}:1` }),
    ]);
    expect(find(events, 'handoff')[0].data).toMatchObject({ userId: null, teamId: null });
    expect(find(events, 'status_changed').map((e) => e.data.to)).toEqual(['OPEN']);
  });

  it('a bot state row written after the cutoff does not make the conversation the bot’s', () => {
    const c = conversation({ status: 'HUMAN_HANDLING', updatedAt: AFTER });
    const late = { contextSince: null, updatedAt: AFTER };
    expect(botStarted(unitOf(c, [msg('10:00')], late), BEFORE)).toBe(false);
    expect(botStarted(unitOf(c, [msg('10:00')], { ...late, updatedAt: T('10:00') }), BEFORE)).toBe(true);
    // A row unchanged since: still the bot's, nobody wrote.
    const still = conversation({ status: 'BOT_HANDLING' });
    expect(botStarted(unitOf(still, [msg('10:00')]), BEFORE)).toBe(true);
    expect(botStarted(unitOf({ ...still, updatedAt: AFTER }, [msg('10:00')]), BEFORE)).toBe(false);
  });

  it('plans assignee and status from the row only when it is unchanged since the cutoff', () => {
    const c = conversation({ status: 'HUMAN_HANDLING', assignedTo: 'u2', teamId: 't1', updatedAt: AFTER });
    const plan = planUnit(unitOf(c, [msg('10:00'), agent('10:05', 'u1')]), texts, BEFORE);
    expect(plan).toMatchObject({
      assignee: 'u1',
      teamId: 't1',
      status: null,
      closedAt: null,
    });
    const known = planUnit(unitOf({ ...c, updatedAt: T('12:00') }, [msg('10:00')]), texts, BEFORE);
    expect(known).toMatchObject({ assignee: 'u2', teamId: 't1', status: 'HUMAN_HANDLING' });
  });
});
