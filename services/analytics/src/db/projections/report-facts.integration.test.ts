import { and, asc, eq, sql } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { newId, queryRows } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { analyticsEvent } from '../../testing/events';
import { FIXTURE_EVENTS, interleaved } from '../../testing/fixture';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { botTurns, conversationCycles } from '../schema';

// What the projections keep for the reports beyond the events' facts: the cycle's contained flag
// (and its durations), the answers followed by a handoff, and the rollups the triggers keep.

const testbed = openForTestFile(createAnalyticsTestbed);

const BASE = Date.parse('2025-03-10T12:00:00Z');
const t = (minutes: number) => new Date(BASE + minutes * 60_000);

let nextOrg = 900;

function botConversation() {
  const orgId = nextOrg++;
  const conversationId = newId();
  const ref = { conversationId, waId: '5215512345678' };
  const ev = (type: string, at: Date, data: Record<string, unknown>) =>
    analyticsEvent(type, orgId, at, { ...ref, ...data });
  return {
    orgId,
    conversationId,
    created: (at: Date) =>
      ev(INBOX_EVENTS.conversationCreated, at, { status: 'BOT_HANDLING', origin: 'CUSTOMER', actorId: null }),
    answer: (at: Date, intent: string) =>
      ev(INBOX_EVENTS.botReplied, at, {
        inReplyTo: newId(),
        language: 'es',
        messageIds: [newId()],
        kind: 'answer',
        intent,
        confidence: 0.9,
      }),
    handoff: (at: Date) =>
      ev(INBOX_EVENTS.conversationHandoff, at, {
        userId: null,
        reason: 'requested',
        teamId: null,
        rule: null,
        actorId: null,
      }),
    closedByBot: (at: Date) =>
      ev(INBOX_EVENTS.conversationStatusChanged, at, {
        from: 'BOT_HANDLING',
        to: 'CLOSED',
        by: 'bot',
        reason: 'bot_inactivity',
        actorId: null,
      }),
    contained: (at: Date) =>
      ev(INBOX_EVENTS.botContained, at, { reason: 'inactivity', closedAt: at.toISOString() }),
  };
}

const answers = (orgId: number) =>
  testbed.deps.db
    .select({ intent: botTurns.intent, followed: botTurns.followedByHandoff })
    .from(botTurns)
    .where(eq(botTurns.orgId, orgId))
    .orderBy(asc(botTurns.at));

describe('answers followed by a handoff', () => {
  it('marks the answers at or before the first handoff, whichever is applied first, and twice the same', async () => {
    const c = botConversation();
    const events = [c.created(t(0)), c.answer(t(1), 'a'), c.handoff(t(2)), c.answer(t(3), 'b')];
    await testbed.apply(...events, ...events);
    expect(await answers(c.orgId)).toEqual([
      { intent: 'a', followed: true },
      { intent: 'b', followed: false },
    ]);

    const late = botConversation();
    // The handoff first, then the answer before it; then an earlier handoff moves the line back.
    await testbed.apply(
      late.created(t(0)),
      late.handoff(t(5)),
      late.answer(t(4), 'a'),
      late.answer(t(2), 'b'),
    );
    expect(await answers(late.orgId)).toEqual([
      { intent: 'b', followed: true },
      { intent: 'a', followed: true },
    ]);
    await testbed.apply(late.handoff(t(3)));
    expect(await answers(late.orgId)).toEqual([
      { intent: 'b', followed: true },
      { intent: 'a', followed: false },
    ]);
  });
});

describe("a contained conversation's cycle", () => {
  it('is flagged contained and has no resolution time, by bot.contained or the bot closing it', async () => {
    for (const close of ['contained', 'closedByBot'] as const) {
      const c = botConversation();
      await testbed.apply(c.created(t(0)), c[close](t(30)));
      const [cycle] = await testbed.deps.db
        .select()
        .from(conversationCycles)
        .where(
          and(eq(conversationCycles.orgId, c.orgId), eq(conversationCycles.conversationId, c.conversationId)),
        );
      expect(cycle).toMatchObject({
        contained: true,
        resolvedAt: t(30),
        resolutionSeconds: null,
        resolutionBucket: null,
      });
    }
  });

  it('counts a resolution from its start when an agent closes it while the bot has it', async () => {
    const c = botConversation();
    await testbed.apply(
      c.created(t(0)),
      analyticsEvent(INBOX_EVENTS.conversationStatusChanged, c.orgId, t(10), {
        conversationId: c.conversationId,
        waId: '5215512345678',
        from: 'BOT_HANDLING',
        to: 'CLOSED',
        by: 'agent',
        reason: 'spam',
        actorId: null,
      }),
    );
    const [cycle] = await testbed.deps.db
      .select()
      .from(conversationCycles)
      .where(eq(conversationCycles.orgId, c.orgId));
    expect(cycle).toMatchObject({ contained: false, resolutionSeconds: 600 });
  });
});

const ROLLUPS = [
  'campaign_days',
  'slot_counts',
  'conversation_facets',
  'bot_turn_days',
  'agent_days',
  'duration_counts',
];

/** Every rollup's rows with a count (rows back at zero are the same as none), in a stable order. */
async function rollups(): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of ROLLUPS) {
    const rows = await queryRows<Record<string, unknown>>(
      testbed.deps.db,
      sql.raw(`select * from analytics.${table}`),
    );
    result[table] = rows
      .filter((r) => Object.entries(r).some(([k, v]) => !KEYS.has(k) && Number(v) !== 0))
      .map((r) => JSON.stringify({ ...r, ...('seconds' in r ? { seconds: Number(r.seconds) } : {}) }))
      .sort();
  }
  return result;
}

/** The rollups' key columns (the others are counts). */
const KEYS = new Set([
  'org_id',
  'slot',
  'day',
  'field',
  'value',
  'kind',
  'intent',
  'user_id',
  'metric',
  'agent',
  'grain',
  'period',
  'bucket',
  'campaign_id',
]);

describe('rollups', () => {
  it('equal their rows counted again, after events in order, interleaved and applied twice', async () => {
    await testbed.apply(...FIXTURE_EVENTS, ...interleaved(11), ...interleaved(12));
    const kept = await rollups();
    expect(kept.slot_counts.length).toBeGreaterThan(0);
    expect(kept.duration_counts.length).toBeGreaterThan(0);
    // Counted again from scratch: the rollups emptied, then every row given to the same functions.
    await testbed.deps.db.transaction(async (tx) => {
      for (const table of ROLLUPS) await tx.execute(sql.raw(`delete from analytics.${table}`));
      await tx.execute(
        sql`select analytics.apply_conversations(array(select c from analytics.conversations c), null)`,
      );
      await tx.execute(
        sql`select analytics.apply_cycles(array(select c from analytics.conversation_cycles c), null)`,
      );
      await tx.execute(
        sql`select analytics.apply_message_slots(array(select s from analytics.message_slots s), null)`,
      );
      await tx.execute(
        sql`select analytics.apply_assignments(array(select a from analytics.assignments a), null)`,
      );
      await tx.execute(
        sql`select analytics.apply_bot_turns(array(select b from analytics.bot_turns b), null)`,
      );
      await tx.execute(
        sql`select analytics.apply_recipients(array(select r from analytics.campaign_recipients r), null)`,
      );
    });
    expect(await rollups()).toEqual(kept);
  });
});
