import { conversationsReportSchema } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { resolveQuery, type ReportParameters } from '../../reports/query';
import { seedConversation } from '../../testing/report-rows';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { conversationsReport } from './conversations';

const testbed = openForTestFile(createAnalyticsTestbed);
const t = (iso: string) => new Date(iso);
const db = () => testbed.deps.db;

let orgs = 200;
const newOrg = () => ++orgs;

async function report(orgId: number, params: ReportParameters, now = t('2025-01-01T00:00:00Z')) {
  const q = resolveQuery('conversations', params, now);
  const body = await conversationsReport(db(), orgId, q);
  conversationsReportSchema.parse({
    ...body,
    range: { from: q.from.toISOString(), to: q.to.toISOString(), timezone: q.timezone, bucket: q.bucket },
    previous: { from: q.previous.from.toISOString(), to: q.previous.to.toISOString() },
    generatedAt: now.toISOString(),
    cached: false,
  });
  return body;
}

describe('conversations report', () => {
  it('breaks the new conversations down by current category, origin, team and status, nulls kept', async () => {
    const org = newOrg();
    const created = t('2024-05-10T15:00:00Z');
    const seeds = [
      { category: 'billing', origin: 'customer', teamId: 'sales', resolvedAt: t('2024-05-10T16:00:00Z') },
      { category: 'billing', origin: 'customer', teamId: null },
      { category: null, origin: 'campaign', teamId: 'sales' },
      { category: 'support', origin: 'agent', teamId: 'sales', resolvedAt: t('2024-05-10T15:30:00Z') },
    ];
    for (const s of seeds) await seedConversation(db(), org, { createdAt: created, ...s });
    // Created before the range: only its resolution counts.
    await seedConversation(db(), org, {
      createdAt: t('2024-05-01T00:00:00Z'),
      category: 'billing',
      resolvedAt: t('2024-05-10T17:00:00Z'),
    });

    const body = await report(org, { from: '2024-05-08', to: '2024-05-15' });
    expect(body.byCategory).toEqual([
      { category: 'billing', count: 2 },
      { category: 'support', count: 1 },
      { category: null, count: 1 },
    ]);
    expect(body.byOrigin).toEqual([
      { origin: 'customer', count: 2 },
      { origin: 'agent', count: 1 },
      { origin: 'campaign', count: 1 },
    ]);
    expect(body.byTeam).toEqual([
      { teamId: 'sales', count: 3 },
      { teamId: null, count: 1 },
    ]);
    // Ties by name.
    expect(body.byFinalStatus).toEqual([
      { status: 'CLOSED', count: 2 },
      { status: 'OPEN', count: 2 },
    ]);
    expect(body.volume).toHaveLength(7);
    expect(body.volume.find((v) => v.start === '2024-05-10T00:00:00-06:00')).toEqual({
      start: '2024-05-10T00:00:00-06:00',
      new: 4,
      closed: 3,
    });
    expect(body.resolution).toMatchObject({ count: 3, median: 3600 });
  });

  it('draws the heatmap on local weekdays (0 Monday) and hours, across a 25-hour day', async () => {
    const org = newOrg();
    for (const created of [
      '2024-11-03T01:30:00-07:00', // Sunday 01:30, before the clocks go back
      '2024-11-03T01:30:00-08:00', // Sunday 01:30 again, an hour later
      '2024-11-04T09:15:00-08:00', // Monday 09:15
      '2024-11-04T09:45:00-08:00',
      '2024-11-05T23:59:00-08:00', // Tuesday 23:59 (already Wednesday in UTC)
    ]) {
      await seedConversation(db(), org, { createdAt: t(created) });
    }
    const body = await report(org, { from: '2024-11-01', to: '2024-11-08', timezone: 'America/Tijuana' });
    expect(body.heatmap).toEqual([
      { weekday: 0, hour: 9, count: 2 },
      { weekday: 1, hour: 23, count: 1 },
      { weekday: 6, hour: 1, count: 2 },
    ]);
    expect(body.volume.find((v) => v.start === '2024-11-03T00:00:00-07:00')?.new).toBe(2);
  });

  it('keeps half-hour zones exact in hourly volume (Asia/Kolkata)', async () => {
    const org = newOrg();
    for (const created of [
      '2024-06-01T09:59:59+05:30',
      '2024-06-01T10:00:00+05:30',
      '2024-06-01T10:29:00+05:30',
    ]) {
      await seedConversation(db(), org, { createdAt: t(created) });
    }
    const body = await report(org, { from: '2024-06-01', to: '2024-06-02', timezone: 'Asia/Kolkata' });
    expect(body.volume).toHaveLength(24);
    expect(body.volume.filter((v) => v.new > 0)).toEqual([
      { start: '2024-06-01T09:00:00+05:30', new: 1, closed: 0 },
      { start: '2024-06-01T10:00:00+05:30', new: 2, closed: 0 },
    ]);
    expect(body.heatmap).toEqual([
      { weekday: 5, hour: 9, count: 1 },
      { weekday: 5, hour: 10, count: 2 },
    ]);
  });

  it('gives the share of new conversations reopened at least once, and first response stats', async () => {
    const org = newOrg();
    const day = (d: number, hh = '12') => t(`2024-05-${String(d).padStart(2, '0')}T${hh}:00:00Z`);
    await seedConversation(db(), org, {
      createdAt: day(10),
      waitingSince: day(10),
      firstResponseAt: t('2024-05-10T12:00:30Z'),
      resolvedAt: day(10, '13'),
      cycles: [{ startedAt: day(11), peopleSince: day(11), resolvedAt: day(11, '14') }],
    });
    await seedConversation(db(), org, { createdAt: day(10) });
    await seedConversation(db(), org, { createdAt: day(11) });
    const body = await report(org, { from: '2024-05-08', to: '2024-05-15', timezone: 'UTC' });
    expect(body.reopenRate).toBe(0.3333);
    expect(body.firstResponse).toEqual({ count: 1, average: 30, median: 30, p90: 30 });
    // Both resolutions of the reopened conversation.
    expect(body.resolution).toMatchObject({ count: 2, average: 5400 });
    expect(body.volume.reduce((n, v) => n + v.closed, 0)).toBe(2);
  });

  it('answers an empty organization with zero buckets and null rates, and leaves the unfinished hour out', async () => {
    const org = newOrg();
    const other = newOrg();
    await seedConversation(db(), other, {
      createdAt: t('2024-05-10T12:00:00Z'),
      resolvedAt: t('2024-05-10T13:00:00Z'),
    });
    const body = await report(org, { from: '2024-05-08', to: '2024-05-15' });
    expect(body.byCategory).toEqual([]);
    expect(body.heatmap).toEqual([]);
    expect(body.reopenRate).toBeNull();
    expect(body.resolution).toEqual({ count: 0, average: null, median: null, p90: null });
    expect(body.volume.every((v) => v.new === 0 && v.closed === 0)).toBe(true);

    const now = t('2024-05-10T12:40:00Z');
    await seedConversation(db(), org, { createdAt: t('2024-05-10T12:10:00Z') });
    await seedConversation(db(), org, { createdAt: t('2024-05-10T11:10:00Z') });
    const today = { from: '2024-05-10T00:00:00Z', timezone: 'UTC', excludeIncomplete: true };
    const complete = await report(org, today, now);
    expect(complete.volume).toHaveLength(12);
    expect(complete.volume[11]).toEqual({ start: '2024-05-10T11:00:00+00:00', new: 1, closed: 0 });
    expect((await report(org, { ...today, excludeIncomplete: false }, now)).volume).toHaveLength(13);
  });
});
