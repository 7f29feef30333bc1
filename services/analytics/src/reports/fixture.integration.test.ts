import {
  analyticsReportSchemas,
  campaignsEventSchemas,
  directoryEventSchemas,
  inboxEventSchemas,
  type AgentsReport,
  type AnalyticsReport,
  type CampaignsReport,
  type EventEnvelope,
  type OverviewReport,
} from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import type { z } from 'zod';
import { analyticsEventsHandler } from '../consumers/events.consumer';
import {
  DAILY,
  entityOf,
  FIXTURE_EVENTS,
  FIXTURE_ORG,
  FIXTURE_STREAMS,
  interleaved,
  MEXICO_CITY,
  PREVIOUS,
  TIJUANA,
  type ExpectedZone,
} from '../testing/fixture';
import type { Body, ExpectedBot, ExpectedConversations } from '../testing/fixture/expected-types';
import { createAnalyticsTestbed, type AnalyticsTestbed } from '../testing/testbed';
import { getReport } from '../usecases/get-report';
import { REPORTS } from './index';
import { resolveQuery } from './query';

/*
 * The hand-computed fixture (services/analytics/src/testing/fixture/) checked number by number:
 * every report in America/Mexico_City and America/Tijuana against the values worked out from
 * docs/metrics.md; then the same events delivered twice, and interleaved across conversations,
 * campaigns and users, give the same reports.
 */

const inOrder = openForTestFile(createAnalyticsTestbed);
const twice = openForTestFile(createAnalyticsTestbed);
const shuffled = openForTestFile(createAnalyticsTestbed);

const SCHEMAS: Record<string, unknown> = {
  ...inboxEventSchemas,
  ...directoryEventSchemas,
  ...campaignsEventSchemas,
};

/** Through the consumer's idempotent handler, as the bus delivers (a redelivery is skipped). */
async function deliver(testbed: AnalyticsTestbed, events: EventEnvelope[]): Promise<void> {
  const handle = analyticsEventsHandler(testbed.deps);
  for (const event of events) await handle(event, { attempt: 1, headers: {}, queue: 'analytics.events' });
}

beforeAll(async () => {
  await inOrder.apply(...FIXTURE_EVENTS);
  await deliver(twice, FIXTURE_EVENTS);
  await deliver(twice, FIXTURE_EVENTS);
  await deliver(shuffled, interleaved(20221030));
}, 120_000);

/** Long after the fixture: `min(to, now)` is `to`. */
const REAL_NOW = new Date('2025-06-01T12:00:00Z');
const REPORT_NAMES = ['overview', 'conversations', 'agents', 'bot', 'campaigns'] as const;

interface Bodies {
  overview: Body<OverviewReport>;
  conversations: ExpectedConversations;
  agents: Body<AgentsReport>;
  bot: ExpectedBot;
  campaigns: Body<CampaignsReport>;
}

interface Range {
  from: string;
  to: string;
  timezone: string;
}

/** A report as REPORTS computes it (the envelope is getReport's). */
async function report<N extends AnalyticsReport>(
  testbed: AnalyticsTestbed,
  name: N,
  range: Range,
): Promise<Bodies[N]> {
  const q = resolveQuery(name, range, REAL_NOW);
  return (await REPORTS[name](testbed.deps.db, FIXTURE_ORG, q, REAL_NOW)) as Bodies[N];
}

/** A bucket's start as instant and offset: "2022-10-30T01:00:00-05:00" ≠ "…-06:00", whatever the spelling. */
const bucketKey = (start: string) =>
  `${new Date(start).toISOString()} ${/([+-]\d\d:?\d\d|Z)$/.exec(start)?.[1]?.replace(':', '')}`;
const withBucketKeys = <T extends { start: string }>(rows: T[]) =>
  rows.map((r) => ({ ...r, start: bucketKey(r.start) }));

type Row = Record<string, unknown>;

/** A ranked list: ranks never rise down the list; compared as a set (ties may come in any order). */
function expectRanked(actual: object[], expected: object[], keyField: string, rankField = 'count') {
  const ranks = (actual as Row[]).map((row) => Number(row[rankField]));
  expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  const byKey = (rows: object[]) =>
    [...(rows as Row[])].sort((a, b) => String(a[keyField]).localeCompare(String(b[keyField])));
  expect(byKey(actual)).toEqual(byKey(expected));
}

/** The agents report's rows in userId order (the report's own order is not part of the fixture). */
const sortedAgents = (body: object) =>
  'agents' in body
    ? [...(body as Bodies['agents']).agents].sort((a, b) => a.userId.localeCompare(b.userId))
    : body;

describe('the fixture events', () => {
  it('are shaped exactly as their contracts say', () => {
    for (const event of FIXTURE_EVENTS) {
      const schema = SCHEMAS[event.type] as z.ZodObject | undefined;
      expect(schema).toBeDefined();
      expect(() => schema!.strict().parse(event.data)).not.toThrow();
    }
    expect(new Set(FIXTURE_EVENTS.map((e) => e.id)).size).toBe(FIXTURE_EVENTS.length);
  });

  it('keep each conversation’s, campaign’s and user’s own order in every delivery', () => {
    for (const stream of FIXTURE_STREAMS) {
      const first = stream[0]!;
      const own = (events: EventEnvelope[]) =>
        events.filter((e) => e.orgId === first.orgId && entityOf(e) === entityOf(first));
      expect(own(FIXTURE_EVENTS)).toEqual(stream);
      expect(own(interleaved(20221030))).toEqual(stream);
    }
  });

  it('span two 265-hour daily ranges, each with one 25-hour day', () => {
    for (const range of Object.values(DAILY))
      expect(Date.parse(range.to) - Date.parse(range.from)).toBe(265 * 3600_000);
  });
});

describe.each([
  ['America/Mexico_City', MEXICO_CITY, PREVIOUS.mexicoCity],
  ['America/Tijuana', TIJUANA, PREVIOUS.tijuana],
] as [string, ExpectedZone, { from: string; to: string }][])('in %s', (timezone, expected, previous) => {
  const daily = { from: expected.daily.from, to: expected.daily.to, timezone };
  const hourly = { from: expected.hourly.from, to: expected.hourly.to, timezone };

  it('resolves the range, its buckets and the previous period', () => {
    const q = resolveQuery('overview', daily, REAL_NOW);
    expect(q.bucket).toBe('day');
    expect({ from: q.previous.from.toISOString(), to: q.previous.to.toISOString() }).toEqual(previous);
    expect(resolveQuery('overview', hourly, REAL_NOW).bucket).toBe('hour');
  });

  it('overview: totals of the range and the previous period, a series of local days', async () => {
    const body = await report(inOrder, 'overview', daily);
    const want = expected.daily.overview;
    expect(body.current).toEqual(want.current);
    expect(body.previousTotals).toEqual(want.previousTotals);
    expect(withBucketKeys(body.series)).toEqual(withBucketKeys(want.series));
  });

  it('conversations: volume, breakdowns, heatmap, first response, resolution, reopen rate', async () => {
    const body = await report(inOrder, 'conversations', daily);
    const want = expected.daily.conversations;
    expect(withBucketKeys(body.volume)).toEqual(withBucketKeys(want.volume));
    expectRanked(body.byCategory, want.byCategory, 'category');
    expectRanked(body.byOrigin, want.byOrigin, 'origin');
    expectRanked(body.byTeam, want.byTeam, 'teamId');
    expectRanked(body.byFinalStatus, want.byFinalStatus, 'status');
    const cell = (c: { weekday: number; hour: number }) => c.weekday * 24 + c.hour;
    expect([...body.heatmap].sort((a, b) => cell(a) - cell(b))).toEqual(want.heatmap);
    expect(body.firstResponse).toEqual(want.firstResponse);
    expect(body.resolution).toEqual(want.resolution);
    expect(body.reopenRate).toBe(want.reopenRate);
  });

  it('agents: every user, with the unknown one seen in the data', async () => {
    const agents = sortedAgents(await report(inOrder, 'agents', daily));
    expect(agents).toEqual(expected.daily.agents.agents);
  });

  it('bot: the cohort, its rates, handoffs, turns and categories', async () => {
    const { handoffsByReason, topIntents, failingIntents, categories, ...figures } = await report(
      inOrder,
      'bot',
      daily,
    );
    const want = expected.daily.bot;
    expect(figures).toEqual({
      handled: want.handled,
      contained: want.contained,
      handedOff: want.handedOff,
      containmentRate: want.containmentRate,
      fallbackRate: want.fallbackRate,
    });
    expectRanked(handoffsByReason, want.handoffsByReason, 'reason');
    expectRanked(topIntents, want.topIntents, 'intent');
    expectRanked(failingIntents, want.failingIntents, 'intent', 'rate');
    expectRanked(categories, want.categories, 'category');
  });

  it('campaigns: the campaigns created in the range, newest first, their funnels and costs', async () => {
    const body = await report(inOrder, 'campaigns', daily);
    const want = expected.daily.campaigns;
    expect(body.totals).toEqual(want.totals);
    const campaigns = body.campaigns.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() }));
    expect(campaigns).toEqual(want.campaigns);
    expect(body.failureCodes).toEqual(want.failureCodes);
  });

  it('overview by local hour across the DST night: the repeated hour twice, every hour listed', async () => {
    const body = await report(inOrder, 'overview', hourly);
    expect(body.current).toEqual(expected.hourly.current);
    const busy = new Map(withBucketKeys(expected.hourly.series).map((s) => [s.start, s]));
    const empty = { newConversations: 0, closedConversations: 0, messagesIn: 0, messagesOut: 0 };
    const want = expected.hourly.bucketStarts
      .map(bucketKey)
      .map((start) => busy.get(start) ?? { start, ...empty });
    expect(withBucketKeys(body.series)).toEqual(want);
    const conversations = await report(inOrder, 'conversations', hourly);
    expect(withBucketKeys(conversations.volume)).toEqual(
      want.map((s) => ({ start: s.start, new: s.newConversations, closed: s.closedConversations })),
    );
    const cell = (c: { weekday: number; hour: number }) => c.weekday * 24 + c.hour;
    expect([...conversations.heatmap].sort((a, b) => cell(a) - cell(b))).toEqual(expected.hourly.heatmap);
  });

  it('excludeIncomplete leaves out the unfinished local day', async () => {
    const { now, resolvedTo, ...totals } = expected.incomplete;
    const q = resolveQuery(
      'overview',
      { from: daily.from, timezone, excludeIncomplete: true },
      new Date(now),
    );
    expect(q.to.toISOString()).toBe(resolvedTo);
    const body = (await REPORTS.overview(
      inOrder.deps.db,
      FIXTURE_ORG,
      q,
      new Date(now),
    )) as Bodies['overview'];
    expect({
      new: body.current.conversations.new,
      closed: body.current.conversations.closed,
      messagesIn: body.current.messages.in,
      messagesOut: body.current.messages.out,
    }).toEqual(totals);
    expect(withBucketKeys(body.series)).toEqual(withBucketKeys(expected.daily.overview.series.slice(0, -1)));
  });

  it('getReport answers the same figures in the contract’s shape, with the range and previous period', async () => {
    for (const name of REPORT_NAMES) {
      const request = { ...daily, force: true, excludeIncomplete: false };
      const json = await getReport(inOrder.deps, inOrder.caller(FIXTURE_ORG), name, request);
      const { range, previous: answered, ...rest } = analyticsReportSchemas[name].parse(JSON.parse(json));
      expect(range).toEqual({
        from: new Date(daily.from).toISOString(),
        to: new Date(daily.to).toISOString(),
        timezone,
        bucket: 'day',
      });
      expect(answered).toEqual(previous);
      const figures: Row = { ...rest };
      delete figures.generatedAt;
      delete figures.cached;
      expect(figures).toEqual(JSON.parse(JSON.stringify(await report(inOrder, name, daily))));
    }
  });

  it.each([
    ['delivered twice', twice],
    ['interleaved across conversations, campaigns and users', shuffled],
  ])('gives the same reports with the events %s', async (_how, testbed) => {
    for (const name of REPORT_NAMES) {
      for (const range of [daily, hourly]) {
        expect(sortedAgents(await report(testbed, name, range))).toEqual(
          sortedAgents(await report(inOrder, name, range)),
        );
      }
    }
  });
});
