import { sql } from 'drizzle-orm';
import { overviewReportSchema } from '@inbox/contracts';
import { queryRows } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { bucketStart } from '../../reports/buckets';
import { resolveQuery, type ReportParameters } from '../../reports/query';
import { seedCampaign, seedConversation, seedMessages } from '../../testing/report-rows';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { localBucketSql, timestampArray } from './bucket-sql';
import { overviewReport } from './overview';

const testbed = openForTestFile(createAnalyticsTestbed);
const t = (iso: string) => new Date(iso);
const db = () => testbed.deps.db;

let orgs = 100;
const newOrg = () => ++orgs;

/** The report as get-report would compute it, checked against the contract's schema. */
async function overview(orgId: number, params: ReportParameters, now = t('2025-01-01T00:00:00Z')) {
  const q = resolveQuery('overview', params, now);
  const body = await overviewReport(db(), orgId, q);
  overviewReportSchema.parse({
    ...body,
    range: { from: q.from.toISOString(), to: q.to.toISOString(), timezone: q.timezone, bucket: q.bucket },
    previous: { from: q.previous.from.toISOString(), to: q.previous.to.toISOString() },
    generatedAt: now.toISOString(),
    cached: false,
  });
  return body;
}

const newPerBucket = (series: { start: string; newConversations: number }[]) =>
  Object.fromEntries(series.filter((s) => s.newConversations > 0).map((s) => [s.start, s.newConversations]));

describe('overview buckets across DST', () => {
  it('puts 00:30 and 23:30 local on Mexico City’s 2022 DST start day (23 hours) in that day', async () => {
    const org = newOrg();
    for (const created of [
      '2022-04-02T23:30:00-06:00',
      '2022-04-03T00:30:00-06:00',
      '2022-04-03T23:30:00-05:00', // 04:30Z on the 4th: still the 3rd locally
      '2022-04-04T00:10:00-05:00',
    ]) {
      await seedConversation(db(), org, { createdAt: t(created) });
    }
    const body = await overview(org, {
      from: '2022-04-01',
      to: '2022-04-06',
      timezone: 'America/Mexico_City',
    });
    expect(body.series.map((s) => s.start)).toEqual([
      '2022-04-01T00:00:00-06:00',
      '2022-04-02T00:00:00-06:00',
      '2022-04-03T00:00:00-06:00',
      '2022-04-04T00:00:00-05:00',
      '2022-04-05T00:00:00-05:00',
    ]);
    expect(newPerBucket(body.series)).toEqual({
      '2022-04-02T00:00:00-06:00': 1,
      '2022-04-03T00:00:00-06:00': 2,
      '2022-04-04T00:00:00-05:00': 1,
    });
    expect(body.current.conversations.new).toBe(4);
    // The same rows by UTC day split differently: the zone is really applied.
    const utc = await overview(org, {
      from: '2022-04-01T00:00:00Z',
      to: '2022-04-06T00:00:00Z',
      timezone: 'UTC',
    });
    expect(newPerBucket(utc.series)).toEqual({
      '2022-04-03T00:00:00+00:00': 2,
      '2022-04-04T00:00:00+00:00': 2,
    });
  });

  it('puts both ends of Tijuana’s 25-hour day in that day', async () => {
    const org = newOrg();
    for (const created of [
      '2024-11-03T00:30:00-07:00',
      '2024-11-03T23:30:00-08:00',
      '2024-11-04T00:30:00-08:00',
    ]) {
      await seedConversation(db(), org, { createdAt: t(created) });
    }
    const body = await overview(org, { from: '2024-11-01', to: '2024-11-06', timezone: 'America/Tijuana' });
    expect(newPerBucket(body.series)).toEqual({
      '2024-11-03T00:00:00-07:00': 2,
      '2024-11-04T00:00:00-08:00': 1,
    });
  });

  it('counts hours exactly in Asia/Kolkata (+05:30), conversations and message slots alike', async () => {
    const org = newOrg();
    for (const created of [
      '2024-06-01T09:59:00+05:30',
      '2024-06-01T10:00:00+05:30',
      '2024-06-01T10:59:59+05:30',
    ]) {
      await seedConversation(db(), org, { createdAt: t(created) });
    }
    await seedMessages(db(), org, t('2024-06-01T04:15:00Z'), 3, 'inbound'); // 09:45 local
    await seedMessages(db(), org, t('2024-06-01T04:30:00Z'), 5, 'inbound'); // 10:00 local
    await seedMessages(db(), org, t('2024-06-01T05:15:00Z'), 2, 'outbound'); // 10:45 local
    const body = await overview(org, { from: '2024-06-01', to: '2024-06-02', timezone: 'Asia/Kolkata' });
    expect(body.series).toHaveLength(24);
    const nine = body.series.find((s) => s.start === '2024-06-01T09:00:00+05:30');
    const ten = body.series.find((s) => s.start === '2024-06-01T10:00:00+05:30');
    expect(nine).toMatchObject({ newConversations: 1, messagesIn: 3, messagesOut: 0 });
    expect(ten).toMatchObject({ newConversations: 2, messagesIn: 5, messagesOut: 2 });
    expect(body.current.messages).toEqual({ in: 8, out: 2 });
  });

  it('finds the database’s zone rules in agreement with the runtime’s (tzdata)', async () => {
    const instants = [
      '2022-04-03T06:30:00Z',
      '2022-10-30T05:30:00Z',
      '2022-10-30T06:30:00Z',
      '2024-11-03T08:30:00Z',
      '2024-06-01T04:40:00Z',
    ].map(t);
    for (const [zone, bucket] of [
      ['America/Mexico_City', 'day'],
      ['America/Tijuana', 'hour'],
      ['Asia/Kolkata', 'hour'],
      ['Asia/Kathmandu', 'day'],
    ] as const) {
      const rows = await queryRows<{ start: Date }>(
        db(),
        sql`select ${localBucketSql(sql`x`, zone, bucket)} as start from unnest(${timestampArray(instants)}) as x`,
      );
      expect(rows.map((r) => new Date(r.start).toISOString())).toEqual(
        instants.map((i) => bucketStart(i, zone, bucket).toISOString()),
      );
    }
  });
});

describe('overview totals', () => {
  const from = '2024-03-01T00:00:00Z';
  const to = '2024-03-08T00:00:00Z';
  const day = (d: number, hh = '12:00:00') => t(`2024-03-${String(d).padStart(2, '0')}T${hh}Z`);

  it('computes first response and resolution stats in seconds (count, average, median, p90)', async () => {
    const org = newOrg();
    // First responses of 10, 20, 30 and 100.5 seconds from the customer's wait.
    for (const [i, seconds] of [10, 20, 30, 100.5].entries()) {
      const created = day(2 + i);
      await seedConversation(db(), org, {
        createdAt: created,
        waitingSince: new Date(created.getTime() + 60_000),
        firstResponseAt: new Date(created.getTime() + 60_000 + seconds * 1000),
        firstResponderId: 'u1',
      });
    }
    // Resolutions: 1 h from creation; a bot one from the handoff (30 min); an agent closing a bot one
    // before any handoff: from its start (2 h). A contained one is not a resolution by people.
    await seedConversation(db(), org, { createdAt: day(2, '01:00:00'), resolvedAt: day(2, '02:00:00') });
    await seedConversation(db(), org, {
      createdAt: day(3, '01:00:00'),
      botStarted: true,
      handedOffAt: day(3, '01:30:00'),
      resolvedAt: day(3, '02:00:00'),
    });
    await seedConversation(db(), org, {
      createdAt: day(4, '01:00:00'),
      botStarted: true,
      resolvedAt: day(4, '03:00:00'),
    });
    await seedConversation(db(), org, {
      createdAt: day(5, '01:00:00'),
      botStarted: true,
      contained: true,
      resolvedAt: day(5, '01:05:00'),
    });

    const body = await overview(org, { from, to });
    expect(body.current.firstResponse).toEqual({ count: 4, average: 40.125, median: 25, p90: 79.35 });
    expect(body.current.resolution).toEqual({ count: 3, average: 4200, median: 3600, p90: 6480 });
    expect(body.current.conversations).toEqual({ new: 8, closed: 4, open: 4 });
    expect(body.current.bot).toEqual({ handled: 3, containmentRate: 0.3333, handoffRate: 0.3333 });
    expect(body.previousTotals.firstResponse).toEqual({ count: 0, average: null, median: null, p90: null });
    expect(body.previousTotals.bot).toEqual({ handled: 0, containmentRate: null, handoffRate: null });
  });

  it('counts each resolution of a reopened conversation, and what was open at each period’s end', async () => {
    const org = newOrg();
    // Created in the previous period, closed, reopened in this one and closed again.
    await seedConversation(db(), org, {
      createdAt: t('2024-02-25T10:00:00Z'),
      resolvedAt: t('2024-02-26T10:00:00Z'),
      cycles: [{ startedAt: day(2), peopleSince: day(2), resolvedAt: day(3) }],
    });
    // Open across the previous period's end, closed in this one.
    await seedConversation(db(), org, { createdAt: t('2024-02-28T10:00:00Z'), resolvedAt: day(4) });
    // Closed before the end of this period, reopened after it: closed at `to`, open now.
    await seedConversation(db(), org, {
      createdAt: day(1),
      resolvedAt: day(2),
      cycles: [{ startedAt: t('2024-03-09T00:00:00Z'), peopleSince: t('2024-03-09T00:00:00Z') }],
    });
    // Created after `to`.
    await seedConversation(db(), org, { createdAt: t('2024-03-09T10:00:00Z') });

    const body = await overview(org, { from, to });
    expect(body.current.conversations).toEqual({ new: 1, closed: 3, open: 0 });
    expect(body.previousTotals.conversations).toEqual({ new: 2, closed: 1, open: 1 });
    expect(body.series.reduce((n, s) => n + s.closedConversations, 0)).toBe(3);
  });

  it('sums campaign stages by their own times and the cost of those sent in the range', async () => {
    const org = newOrg();
    await seedCampaign(db(), org, t('2024-02-27T00:00:00Z'), 'USD', [
      { sentAt: t('2024-02-28T00:00:00Z'), deliveredAt: day(1), readAt: day(2), cost: 0.1 },
      { sentAt: day(1), deliveredAt: day(1), repliedAt: day(6), readAt: day(6), cost: 0.0125 },
      { sentAt: day(2), cost: 0.0125 },
      { sentAt: t('2024-03-08T00:00:00Z'), cost: 5 },
    ]);
    const body = await overview(org, { from, to });
    expect(body.current.campaigns).toEqual({
      sent: 2,
      delivered: 2,
      read: 2,
      replied: 1,
      cost: 0.025,
      currency: 'USD',
    });
    expect(body.previousTotals.campaigns).toMatchObject({
      sent: 1,
      delivered: 0,
      cost: 0.1,
      currency: 'USD',
    });
    // A second currency among the campaigns sent in the range: no single currency.
    await seedCampaign(db(), org, day(1), 'EUR', [{ sentAt: day(3), cost: 1 }]);
    expect((await overview(org, { from, to })).current.campaigns).toMatchObject({
      cost: 1.025,
      currency: null,
    });
  });

  it('sees only its own organization', async () => {
    const org = newOrg();
    const other = newOrg();
    await seedConversation(db(), other, { createdAt: day(2), resolvedAt: day(3) });
    await seedMessages(db(), other, day(2), 4, 'inbound');
    await seedCampaign(db(), other, day(2), 'USD', [{ sentAt: day(2), cost: 1 }]);
    const body = await overview(org, { from, to });
    expect(body.current.conversations).toEqual({ new: 0, closed: 0, open: 0 });
    expect(body.current.messages).toEqual({ in: 0, out: 0 });
    expect(body.current.campaigns).toMatchObject({ sent: 0, cost: 0, currency: null });
    // A UTC week meets 8 local days in Mexico City; every one is listed, with zeros.
    expect(body.series).toHaveLength(8);
    expect(body.series.every((s) => s.newConversations === 0 && s.messagesIn === 0)).toBe(true);
  });

  it('leaves the unfinished local day out with excludeIncomplete', async () => {
    const org = newOrg();
    const now = t('2024-03-07T18:00:00Z'); // 12:00 in Mexico City
    await seedConversation(db(), org, { createdAt: t('2024-03-07T07:00:00Z') }); // today, 01:00 local
    await seedConversation(db(), org, { createdAt: t('2024-03-06T07:00:00Z') }); // yesterday
    const all = await overview(org, {}, now);
    expect(all.series).toHaveLength(7);
    expect(all.current.conversations.new).toBe(2);
    const complete = await overview(org, { excludeIncomplete: true }, now);
    expect(complete.series).toHaveLength(6);
    expect(complete.series[5]).toMatchObject({ start: '2024-03-06T00:00:00-06:00', newConversations: 1 });
    expect(complete.current.conversations.new).toBe(1);
  });
});
