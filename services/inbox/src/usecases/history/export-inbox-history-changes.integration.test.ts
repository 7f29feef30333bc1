import { eq } from 'drizzle-orm';
import {
  HISTORY_PAGE_MAX_BYTES,
  HISTORY_PAGE_MAX_EVENTS,
  HISTORY_SERVICE_PRINCIPAL,
  inboxEventSchemas,
  type HistoryEventView,
} from '@inbox/contracts';
import { historyEventView, newId, serviceCaller, type HistoryEventMessage } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { historyRepository } from '../../db/repositories/history.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { botConversationState, conversations, messages } from '../../db/schema';
import { decodeHistoryCursor, encodeHistoryCursor } from '../../domain/history/history-cursor';
import { historyHandlers } from '../../grpc/history.handlers';
import { makeConversation, makeMessage } from '../../testing/conversation-builders';
import { failure } from '../../testing/conversation-test-kit';
import { createInboxTestbed } from '../../testing/testbed';

/**
 * The inbox keeps running while the rebuild exports: rows changed after the cutoff (updated_at at
 * or after it) must not tell what happened since, and a conversation split across pages is told
 * under the plan its first page made.
 */

const tb = openForTestFile(createInboxTestbed);

const at = (iso: string) => new Date(`2026-03-${iso}Z`);
const BEFORE = '2026-03-20T00:00:00.000Z';
/** When the inbox changed the rows, after the cutoff. */
const LATER = at('21T09:00:00');
const REBUILD = serviceCaller(HISTORY_SERVICE_PRINCIPAL, 0, 'rebuild-2');
const ORG = 51;
const LONG = 'x'.repeat(4000);
const LONG_MESSAGES = 900;
const QUIET_SENDS = HISTORY_PAGE_MAX_EVENTS + 500;

const exportPage = (req: { after?: string; limit?: number; before?: string }) =>
  historyHandlers(tb.deps).ExportHistory({ before: BEFORE, after: '', limit: 0, ...req }, REBUILD);

const bytesOf = (events: HistoryEventMessage[]) =>
  events.reduce((sum, e) => sum + Buffer.byteLength(e.dataJson), 0);

async function exportAll(limit = 0) {
  const events: HistoryEventView[] = [];
  const pages: HistoryEventMessage[][] = [];
  let after = '';
  do {
    const page = await exportPage({ after, limit });
    pages.push(page.events);
    events.push(...page.events.map(historyEventView));
    after = page.next;
  } while (after);
  for (const e of events) inboxEventSchemas[e.type as keyof typeof inboxEventSchemas].parse(e.data);
  return { events, pages };
}

const short = (type: string) => type.replace(/^inbox\.|\.v1$/g, '');
const typesOf = (events: HistoryEventView[], c: ConversationRow) =>
  events.filter((e) => e.data.conversationId === c.id).map((e) => short(e.type));
const of = (events: HistoryEventView[], c: ConversationRow) =>
  events.filter((e) => e.data.conversationId === c.id);

const seeded = {} as Record<
  'taken' | 'reopened' | 'stillClosed' | 'long' | 'quiet' | 'next',
  ConversationRow
>;

beforeAll(async () => {
  const db = tb.deps.db;
  // A bot conversation an agent took after the cutoff (assigned, team, category, summary since).
  const taken = await makeConversation(db, {
    orgId: ORG,
    status: 'HUMAN_HANDLING',
    assignedTo: 'agent-9',
    teamId: 'team-9',
    category: 'Soporte',
    categorySource: 'agent',
    handoffSummary: 'Quiere hablar con alguien',
    createdAt: at('10T10:00:00'),
    updatedAt: LATER,
  });
  const q = await makeMessage(db, taken, {
    text: 'hola',
    createdAt: at('10T10:00:00'),
    providerMessageId: 'wamid.t1',
  });
  await makeMessage(db, taken, {
    direction: 'outbound',
    sender: 'bot',
    text: 'Cuesta 10',
    idempotencyKey: `bot:${q.id}:1`,
    createdAt: at('10T10:00:02'),
    providerMessageId: 'wamid.t2',
  });
  await db
    .insert(botConversationState)
    .values({ conversationId: taken.id, orgId: ORG, greeted: true, updatedAt: at('10T10:00:02') });
  await makeMessage(db, taken, {
    direction: 'outbound',
    sender: 'agent',
    senderUserId: 'agent-9',
    createdAt: at('21T09:00:00'),
    providerMessageId: 'wamid.t3',
  });
  seeded.taken = taken;

  // Closed before the cutoff, reopened after it: the reopen cleared closed_at.
  const reopened = await makeConversation(db, {
    orgId: ORG,
    status: 'HUMAN_HANDLING',
    assignedTo: 'agent-3',
    createdAt: at('11T08:00:00'),
    updatedAt: LATER,
  });
  await makeMessage(db, reopened, { createdAt: at('11T08:00:00'), providerMessageId: 'wamid.r1' });
  await makeMessage(db, reopened, {
    direction: 'outbound',
    sender: 'agent',
    senderUserId: 'agent-3',
    createdAt: at('11T08:05:00'),
    providerMessageId: 'wamid.r2',
  });
  seeded.reopened = reopened;

  // Closed before the cutoff and still closed; recategorized after it.
  const stillClosed = await makeConversation(db, {
    orgId: ORG,
    status: 'CLOSED',
    category: 'Nuevo',
    categorySource: 'ai',
    createdAt: at('12T11:00:00'),
    closedAt: at('12T12:00:00'),
    updatedAt: LATER,
  });
  await makeMessage(db, stillClosed, { createdAt: at('12T11:00:00'), providerMessageId: 'wamid.s1' });
  seeded.stillClosed = stillClosed;

  // Long texts: pages end at the byte bound long before the event bound. Closed before the cutoff.
  const long = await makeConversation(db, {
    orgId: ORG,
    status: 'CLOSED',
    createdAt: at('13T00:00:00'),
    closedAt: at('14T00:00:00'),
  });
  const rows = Array.from({ length: LONG_MESSAGES }, (_, i) => ({
    id: newId(),
    orgId: ORG,
    conversationId: long.id,
    direction: 'inbound',
    sender: 'customer',
    type: 'text',
    text: LONG,
    status: 'RECEIVED',
    providerMessageId: `wamid.long.${i}`,
    createdAt: new Date(at('13T00:00:00').getTime() + i * 1000),
  }));
  for (let i = 0; i < rows.length; i += 300) await db.insert(messages).values(rows.slice(i, i + 300));
  seeded.long = long;

  // More messages than a read brings that tell nothing (sends the platform never accepted), then
  // another conversation: the stream reads the rest of the first, then goes on to the next.
  const quiet = await makeConversation(db, { orgId: ORG, createdAt: at('15T00:00:00') });
  const sends = Array.from({ length: QUIET_SENDS }, (_, i) => ({
    id: newId(),
    orgId: ORG,
    conversationId: quiet.id,
    direction: 'outbound',
    sender: 'system',
    type: 'text',
    text: 'reminder',
    status: 'FAILED',
    createdAt: new Date(at('15T00:00:00').getTime() + i),
  }));
  for (let i = 0; i < sends.length; i += 500) await db.insert(messages).values(sends.slice(i, i + 500));
  seeded.quiet = quiet;
  const next = await makeConversation(db, { orgId: ORG, createdAt: at('16T00:00:00') });
  await makeMessage(db, next, { createdAt: at('16T00:00:00'), providerMessageId: 'wamid.n1' });
  seeded.next = next;
}, 60_000);

let first: ReturnType<typeof exportAll> | undefined;
const exported = () => (first ??= exportAll());

describe('ExportHistory while the inbox keeps running', () => {
  it('a bot conversation taken after the cutoff is still the bot’s: no handoff or assignee (team and category as now)', async () => {
    const { events } = await exported();
    expect(typesOf(events, seeded.taken)).toEqual([
      'conversation.created',
      'conversation.updated',
      'conversation.categorized',
      'message.received',
      'bot.replied',
      'message.sent',
    ]);
    expect(of(events, seeded.taken)[0].data).toMatchObject({ status: 'BOT_HANDLING' });
  });

  it('closed before the cutoff and reopened after: told open, the assignee the agent who wrote', async () => {
    const { events } = await exported();
    expect(typesOf(events, seeded.reopened)).toEqual([
      'conversation.created',
      'message.received',
      'conversation.assigned',
      'message.sent',
      'conversation.status_changed',
    ]);
    expect(of(events, seeded.reopened).at(-1)!.data).toMatchObject({ to: 'WAITING_FOR_CUSTOMER' });
  });

  it('closed before the cutoff and still closed: the close (the category as it is now)', async () => {
    const { events } = await exported();
    const told = of(events, seeded.stillClosed);
    expect(told.map((e) => short(e.type))).toEqual([
      'conversation.created',
      'conversation.categorized',
      'message.received',
      'conversation.status_changed',
    ]);
    expect(told[3]).toMatchObject({ occurredAt: '2026-03-12T12:00:00.000Z', data: { to: 'CLOSED' } });
  });

  it('tells nothing at or after the cutoff', async () => {
    const { events } = await exported();
    expect(events.filter((e) => e.occurredAt >= BEFORE)).toEqual([]);
  });

  it('bounds a page by bytes: long texts end it before its events do', async () => {
    const { pages, events } = await exported();
    expect(of(events, seeded.long)).toHaveLength(1 + LONG_MESSAGES + 1);
    for (const page of pages) expect(bytesOf(page)).toBeLessThanOrEqual(HISTORY_PAGE_MAX_BYTES);
    expect(pages.length).toBeGreaterThan(1);
    expect(Math.max(...pages.map((p) => p.length))).toBeLessThan(HISTORY_PAGE_MAX_EVENTS);
  });

  it('reads on past a conversation whose many messages tell nothing', async () => {
    const { events } = await exported();
    expect(typesOf(events, seeded.quiet)).toEqual(['conversation.created']);
    expect(typesOf(events, seeded.next)).toEqual(['conversation.created', 'message.received']);
  });

  it('goes on inside a conversation under its first page’s plan, without reading conversations again', async () => {
    const baseline = await exportAll(1);
    const units = jest.spyOn(historyRepository, 'units');
    const events: HistoryEventView[] = [];
    let after = '';
    let reopened = false;
    let readInside = 0;
    try {
      do {
        const cursor = decodeHistoryCursor(after, new Date(BEFORE));
        const inside = cursor?.kind === 'inside';
        if (inside && !reopened) {
          // The inbox reopens it between two pages: the close before the cutoff is still told.
          await tb.deps.db
            .update(conversations)
            .set({ status: 'OPEN', closedAt: null, updatedAt: LATER })
            .where(eq(conversations.id, seeded.long.id));
          reopened = true;
        }
        const calls = units.mock.calls.length;
        const page = await exportPage({ after, limit: 1 });
        if (inside) readInside += units.mock.calls.length - calls;
        events.push(...page.events.map(historyEventView));
        after = page.next;
      } while (after);
    } finally {
      units.mockRestore();
      await tb.deps.db
        .update(conversations)
        .set({ status: 'CLOSED', closedAt: seeded.long.closedAt, updatedAt: seeded.long.updatedAt })
        .where(eq(conversations.id, seeded.long.id));
    }
    expect(reopened).toBe(true);
    expect(readInside).toBe(0);
    expect(events).toEqual(baseline.events);
  });

  it('refuses a forged cursor with a time PostgreSQL or JavaScript would not read: a 400', async () => {
    const page = await exportPage({ limit: 1, after: '' });
    let after = page.next;
    while (decodeHistoryCursor(after, new Date(BEFORE))?.kind !== 'inside')
      after = (await exportPage({ after, limit: 1 })).next;
    const inside = decodeHistoryCursor(after, new Date(BEFORE))!;
    if (inside.kind !== 'inside') throw new Error('expected a cursor inside a conversation');
    const forged = (position: string) =>
      Buffer.from(
        JSON.stringify({ ...inside, message: { position, messageId: inside.message?.messageId ?? 'm' } }),
      ).toString('base64url');
    for (const position of ['2026-02-30T10:00:00+00:00', 'yesterday', '+010000-01-01T00:00:00Z', "1' or '1"])
      expect((await failure(exportPage({ after: forged(position) }))).kind).toBe('invalid');
    // A cursor of another export (another cutoff).
    const other = encodeHistoryCursor({ ...inside, before: '2026-03-19T00:00:00.000Z' });
    expect((await failure(exportPage({ after: other }))).kind).toBe('invalid');
    expect(await exportPage({ after })).toMatchObject({ events: expect.any(Array) });
  });
});
