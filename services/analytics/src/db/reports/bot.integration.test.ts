import { eq } from 'drizzle-orm';
import { botReportSchema, type BotReport } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import type { ResolvedQuery } from '../../reports/query';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { botTurns, conversations } from '../schema';
import { markAnswersBefore } from '../projections/bot';
import type { ConversationRow } from '../projections/conversation-rows';
import { botReport } from './bot';

const testbed = openForTestFile(createAnalyticsTestbed);

const at = (iso: string) => new Date(`2025-03-${iso}Z`);
const FROM = at('10T00:00:00');
const TO = at('11T00:00:00');

const q: ResolvedQuery = {
  from: FROM,
  to: TO,
  timezone: 'UTC',
  bucket: 'hour',
  previous: { from: at('09T00:00:00'), to: FROM },
  force: false,
  excludeIncomplete: false,
};

/** The report with an envelope, parsed with the contract's schema. */
async function report(
  orgId: number,
): Promise<Omit<BotReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const body = await botReport(testbed.deps.db, orgId, q);
  botReportSchema.parse({
    ...body,
    range: { from: FROM.toISOString(), to: TO.toISOString(), timezone: 'UTC', bucket: 'hour' },
    previous: { from: q.previous.from.toISOString(), to: FROM.toISOString() },
    generatedAt: TO.toISOString(),
    cached: false,
  });
  return body;
}

function conversation(
  orgId: number,
  id: string,
  c: {
    created?: string;
    bot?: boolean;
    contained?: boolean;
    handedOff?: string;
    reason?: string;
    category?: string;
  },
) {
  const createdAt = at(c.created ?? '10T01:00:00');
  return {
    id,
    orgId,
    createdAt,
    origin: 'customer',
    botStarted: c.bot ?? true,
    status: c.contained ? 'CLOSED' : 'OPEN',
    category: c.category ?? null,
    handedOffAt: c.handedOff ? at(c.handedOff) : null,
    handoffReason: c.reason ?? null,
    contained: c.contained ?? false,
    lastEventAt: createdAt,
  };
}

let seq = 0;
const turn = (orgId: number, conversationId: string, kind: string, intent: string | null, when: string) => ({
  eventId: `turn-${++seq}`,
  orgId,
  conversationId,
  kind,
  intent,
  confidence: intent ? 0.9 : null,
  at: at(when),
});

/**
 * The answers followed by a handoff, as the handoff projection marks them (bot_turns keeps the
 * flag): the rows here are written straight into the tables.
 */
async function markAnswers(orgId: number): Promise<void> {
  const db = testbed.deps.db;
  const rows = await db.select().from(conversations).where(eq(conversations.orgId, orgId));
  for (const row of rows as ConversationRow[])
    if (row.handedOffAt) await markAnswersBefore(db, row, row.handedOffAt);
}

const ORG = 10;
const OTHER = 11;

beforeAll(async () => {
  const db = testbed.deps.db;
  await db.insert(conversations).values([
    conversation(ORG, 'b1', { contained: true, category: 'billing' }),
    conversation(ORG, 'b2', { contained: true, category: 'billing' }),
    conversation(ORG, 'b3', { handedOff: '10T05:00:00', reason: 'customer_request', category: 'sales' }),
    conversation(ORG, 'b4', { handedOff: '10T08:00:00', reason: 'agent' }),
    conversation(ORG, 'b5', { handedOff: '10T06:00:00', reason: 'customer_request', category: 'billing' }),
    // Contained once, then reopened and handed off: a handoff, not contained.
    conversation(ORG, 'b6', {
      contained: true,
      handedOff: '10T09:00:00',
      reason: 'fallback',
      category: 'sales',
    }),
    conversation(ORG, 'b7', {}),
    // Outside the cohort: created before the range, at `to`, or not by the bot.
    conversation(ORG, 'x-before', { created: '09T23:00:00', handedOff: '10T03:00:00', reason: 'agent' }),
    conversation(ORG, 'x-at-to', { created: '11T00:00:00', contained: true, category: 'billing' }),
    conversation(ORG, 'x-people', { bot: false, category: 'billing' }),
    conversation(OTHER, 'o1', { handedOff: '10T02:00:00', reason: 'agent', category: 'billing' }),
  ]);
  await db.insert(botTurns).values([
    turn(ORG, 'b3', 'answer', 'pricing', '10T04:00:00'), // handed off at 05:00: followed
    turn(ORG, 'b3', 'fallback', null, '10T04:30:00'),
    turn(ORG, 'b3', 'answer', 'pricing', '10T05:30:00'), // after the handoff: not followed
    turn(ORG, 'b1', 'greeting', null, '10T01:59:00'), // neither answer nor fallback
    turn(ORG, 'b1', 'answer', 'pricing', '10T02:00:00'),
    turn(ORG, 'b1', 'answer', 'hours', '10T02:01:00'),
    turn(ORG, 'b5', 'answer', 'refund', '10T06:00:00'), // handed off the same instant: followed
    turn(ORG, 'b4', 'answer', 'hours', '10T07:00:00'),
    turn(ORG, 'b4', 'fallback', null, '10T07:30:00'),
    turn(ORG, 'b7', 'answer', 'refund', '10T09:00:00'),
    turn(ORG, 'b7', 'answer', null, '10T09:01:00'), // an answer with no intent: in the fallback rate only
    turn(ORG, 'x-before', 'answer', 'shipping', '10T02:00:00'), // its conversation is older: still a turn in range
    turn(ORG, 'x-before', 'answer', 'pricing', '09T22:00:00'), // before the range
    turn(ORG, 'x-before', 'fallback', null, '09T22:30:00'),
    turn(ORG, 'x-at-to', 'answer', 'hours', '11T00:00:00'), // at `to`
    turn(OTHER, 'o1', 'answer', 'pricing', '10T01:00:00'),
    turn(OTHER, 'o1', 'fallback', null, '10T01:30:00'),
  ]);
  await markAnswers(ORG);
  await markAnswers(OTHER);
});

describe('bot report', () => {
  it('gives the cohort, its handoffs and categories, and the turns of the range', async () => {
    expect(await report(ORG)).toEqual({
      handled: 7,
      contained: 2,
      handedOff: 4,
      handoffsByReason: [
        { reason: 'customer_request', count: 2 },
        { reason: 'agent', count: 1 },
        { reason: 'fallback', count: 1 },
      ],
      containmentRate: 0.2857,
      // 2 fallbacks, 9 answers.
      fallbackRate: 0.1818,
      topIntents: [
        { intent: 'pricing', count: 3 },
        { intent: 'hours', count: 2 },
        { intent: 'refund', count: 2 },
        { intent: 'shipping', count: 1 },
      ],
      failingIntents: [
        { intent: 'shipping', answered: 1, followedByHandoff: 1, rate: 1 },
        { intent: 'hours', answered: 2, followedByHandoff: 1, rate: 0.5 },
        { intent: 'refund', answered: 2, followedByHandoff: 1, rate: 0.5 },
        { intent: 'pricing', answered: 3, followedByHandoff: 1, rate: 0.3333 },
      ],
      categories: [
        { category: 'billing', count: 3 },
        { category: 'sales', count: 2 },
        { category: null, count: 2 },
      ],
    });
  });

  it('keeps the ten most answered intents, and the ten that fail most', async () => {
    const ORG_MANY = 12;
    await testbed.deps.db
      .insert(conversations)
      .values([
        conversation(ORG_MANY, 'm-handed', { handedOff: '10T23:00:00', reason: 'customer_request' }),
        conversation(ORG_MANY, 'm-kept', {}),
      ]);
    // intent-01 answered once … intent-12 twelve times; the even ones in the conversation handed off.
    const turns = Array.from({ length: 12 }, (_, i) => i + 1).flatMap((n) =>
      Array.from({ length: n }, (_, k) =>
        turn(
          ORG_MANY,
          n % 2 === 0 && k === 0 ? 'm-handed' : 'm-kept',
          'answer',
          `intent-${String(n).padStart(2, '0')}`,
          '10T10:00:00',
        ),
      ),
    );
    await testbed.deps.db.insert(botTurns).values(turns);
    await markAnswers(ORG_MANY);
    const body = await report(ORG_MANY);
    expect(body.topIntents.map((i) => i.count)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // Rates 1/2, 1/4 … 1/12, then the odd intents at rate 0, by name.
    expect(body.failingIntents.map((i) => i.intent)).toEqual([
      'intent-02',
      'intent-04',
      'intent-06',
      'intent-08',
      'intent-10',
      'intent-12',
      'intent-01',
      'intent-03',
      'intent-05',
      'intent-07',
    ]);
    expect(body.failingIntents[5]).toEqual({
      intent: 'intent-12',
      answered: 12,
      followedByHandoff: 1,
      rate: 0.0833,
    });
    expect(body.failingIntents[6]).toEqual({
      intent: 'intent-01',
      answered: 1,
      followedByHandoff: 0,
      rate: 0,
    });
    expect(body.fallbackRate).toBe(0);
    // The cohort: two conversations, one handed off, none contained.
    expect(body).toMatchObject({ handled: 2, contained: 0, handedOff: 1, containmentRate: 0 });
  });

  it('gives null rates and empty lists when the bot did nothing', async () => {
    expect(await report(99)).toEqual({
      handled: 0,
      contained: 0,
      handedOff: 0,
      handoffsByReason: [],
      containmentRate: null,
      fallbackRate: null,
      topIntents: [],
      failingIntents: [],
      categories: [],
    });
  });

  it("keeps each organization's figures apart", async () => {
    expect(await report(OTHER)).toMatchObject({
      handled: 1,
      handedOff: 1,
      handoffsByReason: [{ reason: 'agent', count: 1 }],
      fallbackRate: 0.5,
      topIntents: [{ intent: 'pricing', count: 1 }],
      failingIntents: [{ intent: 'pricing', answered: 1, followedByHandoff: 1, rate: 1 }],
      categories: [{ category: 'billing', count: 1 }],
    });
  });
});
