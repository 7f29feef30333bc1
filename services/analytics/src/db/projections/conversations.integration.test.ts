import { and, asc, eq } from 'drizzle-orm';
import { INBOX_EVENTS, type EventEnvelope } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { applyEvent } from '../../projections';
import { analyticsEvent } from '../../testing/events';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { assignments, conversationCycles, conversations, messageSlots } from '../schema';

const testbed = openForTestFile(createAnalyticsTestbed);

const BASE = Date.parse('2025-03-10T12:00:00Z');
/** Minutes after the base time (fractions for seconds). */
const t = (minutes: number) => new Date(BASE + minutes * 60_000);

let nextOrg = 100;

/** Event builders for one organization and one conversation. */
function conversationEvents() {
  const orgId = nextOrg++;
  const id = newId();
  const ref = { conversationId: id, waId: '5215512345678' };
  const ev = (type: string, at: Date, data: Record<string, unknown>) =>
    analyticsEvent(type, orgId, at, { ...ref, ...data });
  return {
    orgId,
    id,
    created: (at: Date, status = 'OPEN', origin = 'CUSTOMER') =>
      ev(INBOX_EVENTS.conversationCreated, at, { status, origin, actorId: null }),
    status: (at: Date, from: string, to: string, by = 'agent', reason = 'resolve') =>
      ev(INBOX_EVENTS.conversationStatusChanged, at, { from, to, by, reason, actorId: null }),
    assigned: (at: Date, userId: string) =>
      ev(INBOX_EVENTS.conversationAssigned, at, { userId, previousUserId: null, actorId: null }),
    unassigned: (at: Date) =>
      ev(INBOX_EVENTS.conversationUnassigned, at, { previousUserId: null, actorId: null }),
    handoff: (at: Date, reason = 'requested', teamId: string | null = null, userId: string | null = null) =>
      ev(INBOX_EVENTS.conversationHandoff, at, { userId, reason, teamId, rule: null, actorId: null }),
    categorized: (at: Date, category: string | null) =>
      ev(INBOX_EVENTS.conversationCategorized, at, { category, previous: null, source: 'ai', actorId: null }),
    teamChanged: (at: Date, teamId: string | null) =>
      ev(INBOX_EVENTS.conversationUpdated, at, { changes: ['teamId'], teamId, actorId: null }),
    contained: (at: Date) =>
      ev(INBOX_EVENTS.botContained, at, { reason: 'inactivity', closedAt: at.toISOString() }),
    received: (sentAt: Date) =>
      ev(INBOX_EVENTS.messageReceived, new Date(sentAt.getTime() + 1000), {
        messageId: newId(),
        providerMessageId: `wamid.${newId()}`,
        type: 'text',
        text: 'hola',
        contextProviderMessageId: null,
        receivedAt: new Date(sentAt.getTime() + 1000).toISOString(),
        sentAt: sentAt.toISOString(),
      }),
    sent: (sentAt: Date, sender: string, senderUserId: string | null = null, type = 'text') =>
      ev(INBOX_EVENTS.messageSent, sentAt, {
        messageId: newId(),
        providerMessageId: `wamid.${newId()}`,
        type,
        sender,
        senderUserId,
        sentAt: sentAt.toISOString(),
      }),
  };
}

async function conversationRow(orgId: number, id: string) {
  const [row] = await testbed.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.orgId, orgId), eq(conversations.id, id)));
  return row;
}

async function cycles(orgId: number, id: string) {
  return testbed.deps.db
    .select()
    .from(conversationCycles)
    .where(and(eq(conversationCycles.orgId, orgId), eq(conversationCycles.conversationId, id)))
    .orderBy(asc(conversationCycles.startedAt));
}

/** Everything the conversation's events wrote except the slot counts (which rely on processed_events). */
async function snapshot(orgId: number, id: string) {
  const assigned = await testbed.deps.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.orgId, orgId), eq(assignments.conversationId, id)))
    .orderBy(asc(assignments.at));
  return { conversation: await conversationRow(orgId, id), cycles: await cycles(orgId, id), assigned };
}

async function slots(orgId: number) {
  return testbed.deps.db
    .select()
    .from(messageSlots)
    .where(eq(messageSlots.orgId, orgId))
    .orderBy(asc(messageSlots.slot), asc(messageSlots.direction), asc(messageSlots.sender));
}

describe('conversation projections', () => {
  it('measures a conversation without the bot from its first customer message to the first agent reply', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0)),
      // WhatsApp's time of the opening message is a little before our createdAt: it still counts.
      c.received(t(-0.05)),
      c.sent(t(1), 'bot'),
      c.sent(t(2), 'agent', 'u-1', 'template'),
      c.sent(t(3), 'system'),
      c.sent(t(4), 'campaign', null, 'template'),
      c.assigned(t(4.5), 'u-1'),
      c.status(t(4.5), 'OPEN', 'HUMAN_HANDLING', 'agent', 'assign'),
      c.received(t(5)),
      c.sent(t(6), 'agent', 'u-1'),
      c.sent(t(7), 'agent', 'u-2'),
      c.status(t(10), 'HUMAN_HANDLING', 'CLOSED'),
    );
    const row = await conversationRow(c.orgId, c.id);
    expect(row).toMatchObject({
      botStarted: false,
      status: 'CLOSED',
      closedAt: t(10),
      assignedTo: 'u-1',
      contained: false,
      reopenCount: 0,
      handedOffAt: null,
    });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({
        seq: 0,
        startedAt: t(0),
        peopleSince: t(0),
        waitingSince: t(-0.05),
        firstResponseAt: t(6),
        firstResponderId: 'u-1',
        resolvedAt: t(10),
        resolvedBy: 'u-1',
      }),
    ]);
  });

  it('starts the clock of a bot conversation at the handoff and never counts bot or campaign sends', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0), 'BOT_HANDLING'),
      c.received(t(0)),
      c.sent(t(0.5), 'bot'),
      c.received(t(1)),
      c.sent(t(1.5), 'bot'),
      c.received(t(2)),
      c.status(t(2.1), 'BOT_HANDLING', 'OPEN', 'bot', 'handoff'),
      c.handoff(t(2.1), 'fallbacks', 'team-a'),
      c.received(t(3)),
      c.sent(t(3.5), 'campaign', null, 'template'),
      c.sent(t(4), 'bot'),
      c.sent(t(5), 'agent', 'u-1'),
    );
    const row = await conversationRow(c.orgId, c.id);
    expect(row).toMatchObject({
      botStarted: true,
      status: 'OPEN',
      handedOffAt: t(2.1),
      handoffReason: 'fallbacks',
      teamId: 'team-a',
    });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({
        peopleSince: t(2.1),
        waitingSince: t(2.1),
        firstResponseAt: t(5),
        firstResponderId: 'u-1',
        resolvedAt: null,
      }),
    ]);
  });

  it('leaves people out of a conversation the bot closed alone (contained, no clocks)', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0), 'BOT_HANDLING'),
      c.received(t(0)),
      c.sent(t(0.5), 'bot'),
      c.status(t(600), 'BOT_HANDLING', 'CLOSED', 'bot', 'bot_inactivity'),
      // The bot's close time, a moment before its status change was recorded, is the resolution's.
      c.contained(t(599.99)),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({ contained: true, status: 'CLOSED' });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({
        peopleSince: null,
        waitingSince: null,
        resolvedAt: t(599.99),
        resolvedBy: null,
      }),
    ]);
  });

  it('does not call an agent closing a bot conversation contained', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0), 'BOT_HANDLING'),
      c.status(t(5), 'BOT_HANDLING', 'CLOSED', 'agent', 'resolve'),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({ contained: false });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({ peopleSince: null, resolvedAt: t(5) }),
    ]);
  });

  it('takes an agent takeover of a bot conversation as its handoff', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0), 'BOT_HANDLING'),
      c.received(t(0)),
      c.status(t(3), 'BOT_HANDLING', 'HUMAN_HANDLING', 'agent', 'takeover'),
      c.handoff(t(3), 'agent', null, 'u-1'),
      c.assigned(t(3), 'u-1'),
      c.sent(t(4), 'agent', 'u-1'),
      c.status(t(9), 'HUMAN_HANDLING', 'CLOSED'),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      handoffReason: 'agent',
      teamId: null,
      assignedTo: 'u-1',
    });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({
        peopleSince: t(3),
        waitingSince: t(3),
        firstResponseAt: t(4),
        resolvedAt: t(9),
        resolvedBy: 'u-1',
      }),
    ]);
  });

  it('counts each resolution of a reopened conversation in its own cycle', async () => {
    const c = conversationEvents();
    await testbed.apply(...reopenedConversation(c));
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      status: 'CLOSED',
      closedAt: t(40),
      reopenCount: 1,
      assignedTo: 'u-2',
    });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({
        seq: 0,
        waitingSince: t(0),
        firstResponseAt: t(2),
        firstResponderId: 'u-1',
        resolvedAt: t(10),
        resolvedBy: 'u-1',
      }),
      expect.objectContaining({
        seq: 1,
        startedAt: t(20),
        peopleSince: t(20),
        waitingSince: t(21),
        firstResponseAt: t(23),
        firstResponderId: 'u-2',
        resolvedAt: t(40),
        resolvedBy: 'u-2',
      }),
    ]);
  });

  it('shows a reopened conversation as open until it closes again', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0)),
      c.status(t(10), 'OPEN', 'CLOSED'),
      c.status(t(20), 'CLOSED', 'OPEN', 'agent', 'reopen'),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      status: 'OPEN',
      closedAt: null,
      reopenCount: 1,
    });
  });

  it('changes nothing when every event is applied twice (slot counts aside)', async () => {
    const c = conversationEvents();
    const events = reopenedConversation(c);
    await testbed.apply(...events);
    const once = await snapshot(c.orgId, c.id);
    await testbed.apply(...events);
    expect(await snapshot(c.orgId, c.id)).toEqual(once);
    expect(once.assigned.map((a) => a.userId)).toEqual(['u-1', 'u-2']);
  });

  it('ends in the same state when bursts, messages, and a close and the reopen before it arrive swapped', async () => {
    const inOrder = conversationEvents();
    await testbed.apply(...reopenedConversation(inOrder));
    const swapped = conversationEvents();
    const e = reopenedConversation(swapped);
    // The assignee is followed in arrival order (resolvedBy reads it), so assignments keep theirs.
    const order = [0, 3, 2, 1, 4, 5, 9, 12, 6, 8, 7, 11, 10];
    await testbed.apply(...order.map((i) => e[i]));
    const facts = (rows: Awaited<ReturnType<typeof cycles>>) =>
      rows.map((row) => ({ ...row, conversationId: undefined, orgId: undefined }));
    expect(facts(await cycles(swapped.orgId, swapped.id))).toEqual(
      facts(await cycles(inOrder.orgId, inOrder.id)),
    );
    expect(await conversationRow(swapped.orgId, swapped.id)).toMatchObject({
      status: 'CLOSED',
      closedAt: t(40),
      reopenCount: 1,
    });
  });

  it('moves to the new cycle the close and the messages that arrived before its reopen', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0)),
      c.status(t(40), 'OPEN', 'CLOSED'),
      c.received(t(21)),
      c.sent(t(22), 'agent', 'u-1'),
      c.status(t(20), 'CLOSED', 'OPEN', 'agent', 'reopen'),
      c.received(t(0)),
      c.sent(t(1), 'agent', 'u-1'),
      c.status(t(10), 'OPEN', 'CLOSED'),
    );
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({ seq: 0, waitingSince: t(0), firstResponseAt: t(1), resolvedAt: t(10) }),
      expect.objectContaining({
        seq: 1,
        startedAt: t(20),
        waitingSince: t(21),
        firstResponseAt: t(22),
        resolvedAt: t(40),
      }),
    ]);
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      status: 'CLOSED',
      closedAt: t(40),
      reopenCount: 1,
    });
  });

  it('keeps a conversation open when its first close arrives after the reopen', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0)),
      c.status(t(20), 'CLOSED', 'OPEN', 'agent', 'reopen'),
      c.status(t(10), 'OPEN', 'CLOSED'),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({ status: 'OPEN', closedAt: null });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({ seq: 0, resolvedAt: t(10) }),
      expect.objectContaining({ seq: 1, resolvedAt: null }),
    ]);
  });

  it('keeps the latest status when an older status change arrives after a newer one', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0), 'BOT_HANDLING'),
      c.assigned(t(2), 'u-1'),
      c.handoff(t(2), 'agent', null, 'u-1'),
      c.status(t(5), 'HUMAN_HANDLING', 'WAITING_FOR_CUSTOMER', 'agent', 'agent_message'),
      c.status(t(2), 'BOT_HANDLING', 'HUMAN_HANDLING', 'agent', 'assign'),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      status: 'WAITING_FOR_CUSTOMER',
      lastEventAt: t(5),
      handedOffAt: t(2),
    });
  });

  it('keeps the first handoff and its reason when a later one arrives first', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0), 'BOT_HANDLING'),
      c.handoff(t(9), 'intent', 'team-b'),
      c.handoff(t(3), 'requested', 'team-a'),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      handedOffAt: t(3),
      handoffReason: 'requested',
    });
    expect(await cycles(c.orgId, c.id)).toEqual([
      expect.objectContaining({ peopleSince: t(3), waitingSince: t(3) }),
    ]);
  });

  it('follows the category, the team and the assignee', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0)),
      c.categorized(t(1), 'billing'),
      c.teamChanged(t(2), 'team-a'),
      c.assigned(t(3), 'u-1'),
      c.handoff(t(4), 'agent', null),
    );
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      category: 'billing',
      teamId: 'team-a',
      assignedTo: 'u-1',
    });
    await testbed.apply(c.categorized(t(5), null), c.teamChanged(t(6), null), c.unassigned(t(7)));
    expect(await conversationRow(c.orgId, c.id)).toMatchObject({
      category: null,
      teamId: null,
      assignedTo: null,
    });
  });

  it('refuses, writing nothing, an event about a conversation not created yet (the bus retries it)', async () => {
    const c = conversationEvents();
    const early = c.received(t(1));
    await expect(testbed.deps.db.transaction((tx) => applyEvent(tx, early))).rejects.toMatchObject({
      code: 'NOT_PROJECTED_YET',
    });
    expect(await slots(c.orgId)).toEqual([]);
    await testbed.apply(c.created(t(0)), early);
    expect(await cycles(c.orgId, c.id)).toEqual([expect.objectContaining({ waitingSince: t(1) })]);
  });

  it('counts messages per 15-minute UTC slot, by direction, sender and agent', async () => {
    const c = conversationEvents();
    await testbed.apply(
      c.created(t(0)),
      c.received(t(0)),
      c.received(t(14.9)),
      c.received(t(15)),
      c.sent(t(1), 'agent', 'u-1'),
      c.sent(t(2), 'agent', 'u-1'),
      c.sent(t(3), 'agent', 'u-2'),
      c.sent(t(4), 'bot'),
      c.sent(t(5), 'agent', 'u-1', 'template'),
    );
    const rows = (await slots(c.orgId)).map(({ slot, direction, sender, userId, count }) => ({
      slot: slot.toISOString(),
      direction,
      sender,
      userId,
      count,
    }));
    expect(rows).toEqual(
      expect.arrayContaining([
        { slot: '2025-03-10T12:00:00.000Z', direction: 'inbound', sender: 'customer', userId: '', count: 2 },
        { slot: '2025-03-10T12:15:00.000Z', direction: 'inbound', sender: 'customer', userId: '', count: 1 },
        { slot: '2025-03-10T12:00:00.000Z', direction: 'outbound', sender: 'agent', userId: 'u-1', count: 3 },
        { slot: '2025-03-10T12:00:00.000Z', direction: 'outbound', sender: 'agent', userId: 'u-2', count: 1 },
        { slot: '2025-03-10T12:00:00.000Z', direction: 'outbound', sender: 'bot', userId: '', count: 1 },
      ]),
    );
    expect(rows).toHaveLength(5);
  });
});

/** A conversation resolved by u-1, reopened, and resolved again by u-2. */
function reopenedConversation(c: ReturnType<typeof conversationEvents>): EventEnvelope[] {
  return [
    c.created(t(0)),
    c.received(t(0)),
    c.assigned(t(1), 'u-1'),
    c.status(t(1), 'OPEN', 'HUMAN_HANDLING', 'agent', 'assign'),
    c.sent(t(2), 'agent', 'u-1'),
    c.status(t(10), 'WAITING_FOR_CUSTOMER', 'CLOSED'),
    c.status(t(20), 'CLOSED', 'HUMAN_HANDLING', 'agent', 'reopen'),
    c.received(t(21)),
    c.received(t(22)),
    c.assigned(t(22.5), 'u-2'),
    c.sent(t(23), 'agent', 'u-2'),
    c.sent(t(24), 'agent', 'u-2'),
    c.status(t(40), 'HUMAN_HANDLING', 'CLOSED'),
  ];
}
