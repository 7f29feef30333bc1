import {
  DEFAULT_BOT_SETTINGS,
  HISTORY_PAGE_MAX_EVENTS,
  HISTORY_SERVICE_PRINCIPAL,
  inboxEventSchemas,
  type HistoryEventView,
} from '@inbox/contracts';
import { historyEventView, newId, serviceCaller, type CallerContext } from '@inbox/platform';
import { testCaller, openForTestFile } from '@inbox/platform/testing';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { botConfig, botConversationState, messages } from '../../db/schema';
import { historyHandlers } from '../../grpc/history.handlers';
import { makeConversation, makeMessage } from '../../testing/conversation-builders';
import { failure } from '../../testing/conversation-test-kit';
import { createInboxTestbed } from '../../testing/testbed';

const tb = openForTestFile(createInboxTestbed);

const at = (iso: string) => new Date(`2026-03-${iso}Z`);
const BEFORE = '2026-03-20T00:00:00.000Z';
const REBUILD = serviceCaller(HISTORY_SERVICE_PRINCIPAL, 0, 'rebuild-1');
const ORG = 41;
const OTHER_ORG = 42;
const GREETING = 'Hola, soy el bot de la tienda';
const BIG = 2 * HISTORY_PAGE_MAX_EVENTS + 300;

const exportPage = (req: { before?: string; after?: string; limit?: number }, caller = REBUILD) =>
  historyHandlers(tb.deps).ExportHistory({ before: BEFORE, after: '', limit: 0, ...req }, caller);

/** Every page, following `next`; each event's data checked against its live schema. */
async function exportAll(limit = 0): Promise<{ events: HistoryEventView[]; pages: number[] }> {
  const events: HistoryEventView[] = [];
  const pages: number[] = [];
  let after = '';
  do {
    const page = await exportPage({ after, limit });
    pages.push(page.events.length);
    events.push(...page.events.map(historyEventView));
    after = page.next;
  } while (after);
  for (const e of events) inboxEventSchemas[e.type as keyof typeof inboxEventSchemas].parse(e.data);
  return { events, pages };
}

/** The default export, once for the tests that only read it. */
let first: ReturnType<typeof exportAll> | undefined;
const exported = () => (first ??= exportAll());

const short = (type: string) => type.replace(/^inbox\.|\.v1$/g, '');
const of = (events: HistoryEventView[], c: ConversationRow) =>
  events.filter((e) => e.data.conversationId === c.id);

interface Seeded {
  botConversation: ConversationRow;
  botOff: ConversationRow;
  late: ConversationRow;
  big: ConversationRow;
  ids: { q1: string; greeting: string; answer: string; q2: string; handoff: string; reply: string };
  pending: string;
  afterCutoff: string;
}
const seeded = {} as Seeded;

beforeAll(async () => {
  const db = tb.deps.db;
  await db.insert(botConfig).values({
    orgId: ORG,
    settings: { ...DEFAULT_BOT_SETTINGS, greeting: GREETING },
  });
  // Bot-started, greeted and answered, handed off by the bot, then an agent: assigned, team, AI category, closed.
  const c = await makeConversation(db, {
    orgId: ORG,
    status: 'CLOSED',
    origin: 'AD',
    assignedTo: 'agent-1',
    teamId: 'team-1',
    category: 'Ventas',
    categorySource: 'ai',
    categoryConfidence: 0.8,
    handoffSummary: 'Quiere precios',
    createdAt: at('02T10:00:01'),
    lastMessageAt: at('02T10:30:00'),
    closedAt: at('02T11:00:00'),
  });
  await db.insert(botConversationState).values({ conversationId: c.id, orgId: ORG, greeted: true });
  const q1 = await makeMessage(db, c, {
    text: 'precio?',
    createdAt: at('02T10:00:00'),
    providerTimestamp: at('02T10:00:00'),
    providerMessageId: 'wamid.q1',
  });
  const bot = (text: string, t: string, key: string) =>
    makeMessage(db, c, {
      direction: 'outbound',
      sender: 'bot',
      text,
      createdAt: at(t),
      idempotencyKey: key,
      providerMessageId: `wamid.${key}`,
    });
  const greeting = await bot(GREETING, '02T10:00:02', `bot:${q1.id}:1`);
  const answer = await bot('Cuesta 10', '02T10:00:03', `bot:${q1.id}:2`);
  const q2 = await makeMessage(db, c, {
    text: 'agente',
    createdAt: at('02T10:05:00'),
    providerMessageId: 'wamid.q2',
  });
  const handoff = await bot(DEFAULT_BOT_SETTINGS.handoffMessage!, '02T10:05:01', `bot:${q2.id}:1`);
  const reply = await makeMessage(db, c, {
    direction: 'outbound',
    sender: 'agent',
    senderUserId: 'agent-1',
    createdAt: at('02T10:30:00'),
    providerMessageId: 'wamid.reply',
  });
  seeded.botConversation = c;
  seeded.ids = {
    q1: q1.id,
    greeting: greeting.id,
    answer: answer.id,
    q2: q2.id,
    handoff: handoff.id,
    reply: reply.id,
  };

  // Bot off, another organization: a send never accepted, a message and a close after the cutoff.
  const o = await makeConversation(db, {
    orgId: OTHER_ORG,
    status: 'CLOSED',
    createdAt: at('05T09:00:00'),
    closedAt: at('25T09:00:00'),
    updatedAt: at('25T09:00:00'),
  });
  await makeMessage(db, o, { createdAt: at('05T08:59:59'), providerMessageId: 'wamid.o1' });
  seeded.pending = (
    await makeMessage(db, o, {
      direction: 'outbound',
      sender: 'agent',
      senderUserId: 'agent-2',
      status: 'FAILED',
      createdAt: at('05T09:01:00'),
      providerMessageId: null,
    })
  ).id;
  seeded.afterCutoff = (
    await makeMessage(db, o, { createdAt: at('21T09:00:00'), providerMessageId: 'wamid.o2' })
  ).id;
  seeded.botOff = o;

  // Created after the cutoff: not told at all.
  seeded.late = await makeConversation(db, { orgId: ORG, createdAt: at('20T00:00:00') });

  // More events than a page holds.
  const big = await makeConversation(db, {
    orgId: OTHER_ORG,
    status: 'OPEN',
    createdAt: at('10T00:00:00'),
    updatedAt: at('10T00:00:00'),
  });
  const rows = Array.from({ length: BIG }, (_, i) => ({
    id: newId(),
    orgId: OTHER_ORG,
    conversationId: big.id,
    direction: 'inbound',
    sender: 'customer',
    type: 'text',
    text: `m${i}`,
    status: 'RECEIVED',
    providerMessageId: `wamid.big.${i}`,
    // Several messages share a millisecond: the id breaks the tie.
    createdAt: new Date(at('10T00:00:00').getTime() + Math.floor(i / 3)),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(messages).values(rows.slice(i, i + 500));
  seeded.big = big;
}, 60_000);

describe('ExportHistory: the inbox history as the events it publishes', () => {
  it('tells a bot conversation in time order: creation, turns, handoff, assignee, the agent, the close', async () => {
    const { events } = await exported();
    const c = seeded.botConversation;
    const told = of(events, c);
    expect(told.map((e) => short(e.type))).toEqual([
      'conversation.created',
      'conversation.categorized',
      'message.received',
      'bot.replied',
      'message.sent',
      'bot.replied',
      'message.sent',
      'message.received',
      'message.sent',
      'conversation.status_changed',
      'conversation.handoff',
      'conversation.assigned',
      'message.sent',
      'conversation.status_changed',
    ]);
    expect(told.every((e) => e.orgId === ORG)).toBe(true);
    expect(told[0]).toMatchObject({
      id: `history:inbox:created:${c.id}`,
      occurredAt: c.createdAt.toISOString(),
      data: { status: 'BOT_HANDLING', origin: 'AD', actorId: null },
    });
    expect(told[1].data).toMatchObject({ category: 'Ventas', source: 'ai', confidence: 0.8 });
    const { ids } = seeded;
    expect(told[3].data).toMatchObject({ kind: 'greeting', inReplyTo: ids.q1, messageIds: [ids.greeting] });
    // The ids the analytics consumer matches live events by.
    expect(told.slice(2, 6).map((e) => e.id)).toEqual([
      `history:inbox:msg:${ids.q1}`,
      `history:inbox:bot:${ids.q1}:greeting`,
      `history:inbox:msg:${ids.greeting}`,
      `history:inbox:bot:${ids.q1}:answer`,
    ]);
    expect(told[5].data).toMatchObject({ kind: 'answer', inReplyTo: ids.q1, intent: null, confidence: null });
    expect(told[4].data).toMatchObject({ sender: 'bot', senderUserId: null });
    expect(told[10]).toMatchObject({
      occurredAt: '2026-03-02T10:05:01.000Z',
      data: { userId: 'agent-1', teamId: 'team-1' },
    });
    expect(told[10].data).not.toHaveProperty('reason');
    expect(told[9].data).toMatchObject({ from: 'BOT_HANDLING', to: 'HUMAN_HANDLING', by: 'bot' });
    expect(told[12].data).toMatchObject({ messageId: ids.reply, sender: 'agent', senderUserId: 'agent-1' });
    expect(told[13]).toMatchObject({
      occurredAt: '2026-03-02T11:00:00.000Z',
      data: { from: 'HUMAN_HANDLING', to: 'CLOSED', by: 'agent' },
    });
    const times = told.map((e) => e.occurredAt);
    expect([...times].sort()).toEqual(times);
  });

  it('leaves out what happened at or after the cutoff, and sends the platform never accepted', async () => {
    const { events } = await exported();
    const told = of(events, seeded.botOff);
    // The row changed after the cutoff (its close): the assignee is the first agent who wrote
    // before it (even a send the platform refused), the status replayed from the messages.
    expect(told.map((e) => short(e.type))).toEqual([
      'conversation.created',
      'message.received',
      'conversation.assigned',
      'conversation.status_changed',
    ]);
    expect(told[0]).toMatchObject({ orgId: OTHER_ORG, data: { status: 'OPEN', origin: 'CUSTOMER' } });
    expect(told[2].data).toMatchObject({ userId: 'agent-2' });
    expect(told[3].data).toMatchObject({ from: 'OPEN', to: 'WAITING_FOR_CUSTOMER', by: 'system' });
    expect(told.every((e) => e.occurredAt < BEFORE)).toBe(true);
    expect(of(events, seeded.late)).toEqual([]);
    const messageIds = events.map((e) => e.data.messageId);
    expect(messageIds).not.toContain(seeded.pending);
    expect(messageIds).not.toContain(seeded.afterCutoff);
  });

  it('splits a conversation bigger than a page inside it, and pages by conversation id', async () => {
    const { events, pages } = await exportAll(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(HISTORY_PAGE_MAX_EVENTS);
    const big = of(events, seeded.big);
    expect(big).toHaveLength(1 + BIG);
    expect(big.slice(1).map((e) => e.data.text)).toEqual(Array.from({ length: BIG }, (_, i) => `m${i}`));
    // Each conversation's events together, conversations in id order.
    const units = events.map((e) => String(e.data.conversationId));
    const order = units.filter((id, i) => id !== units[i - 1]);
    expect(order).toEqual([seeded.botConversation, seeded.botOff, seeded.big].map((c) => c.id).sort());
    // The same events with many conversations per page.
    expect((await exportAll(200)).events).toEqual(events);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('a second export gives the same ids', async () => {
    const once = await exported();
    const again = await exportAll();
    expect(again.events.map((e) => e.id)).toEqual(once.events.map((e) => e.id));
    expect(again.events).toEqual(once.events);
  });

  it('answers only the analytics rebuild', async () => {
    const refused = async (caller: CallerContext) => (await failure(exportPage({}, caller))).kind;
    expect(await refused(testCaller(ORG, 'ADMIN', 'admin-1'))).toBe('forbidden');
    expect(await refused(serviceCaller('campaigns', 0, 'r'))).toBe('forbidden');
  });

  it('refuses a cursor it did not issue and a missing cutoff', async () => {
    expect((await failure(exportPage({ after: 'bm90LWEtY3Vyc29y' }))).kind).toBe('invalid');
    expect((await failure(exportPage({ before: '' }))).kind).toBe('invalid');
  });
});
