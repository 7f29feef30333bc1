import { campaignsReportSchema, type CampaignsReport } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { campaigns } from '../db/schema';
import { REPORTS } from '../reports';
import { createAnalyticsTestbed } from '../testing/testbed';
import { getReport } from './get-report';

const bed = openForTestFile(createAnalyticsTestbed);

const NOW = new Date('2025-06-10T18:00:00Z');
const RANGE = {
  from: '2025-06-01T00:00:00Z',
  to: '2025-06-08T00:00:00Z',
  force: false,
  excludeIncomplete: false,
};

async function seedCampaign(orgId: number, name: string, createdAt = new Date('2025-06-03T12:00:00Z')) {
  await bed.deps.db.insert(campaigns).values({
    id: newId(),
    orgId,
    name,
    createdAt,
    status: 'COMPLETED',
    recipients: 10,
    estimatedCost: 1.5,
    currency: 'USD',
  });
}

const report = async (orgId: number, request: Partial<typeof RANGE> & { timezone?: string } = {}) =>
  JSON.parse(
    await getReport(bed.deps, bed.caller(orgId, 'ADMIN'), 'campaigns', { ...RANGE, ...request }),
  ) as CampaignsReport;

describe('getReport', () => {
  beforeEach(() => {
    bed.setNow(NOW);
    jest.restoreAllMocks();
  });

  it('answers the report in its shape with the range, the previous period and when it was computed', async () => {
    await seedCampaign(1, 'June sale');
    const doc = await report(1, { timezone: 'UTC' });
    expect(campaignsReportSchema.parse(doc)).toBeTruthy();
    expect(doc.campaigns.map((c) => c.name)).toEqual(['June sale']);
    expect(doc.range).toEqual({
      from: '2025-06-01T00:00:00.000Z',
      to: '2025-06-08T00:00:00.000Z',
      timezone: 'UTC',
      bucket: 'day',
    });
    expect(doc.previous).toEqual({ from: '2025-05-25T00:00:00.000Z', to: '2025-06-01T00:00:00.000Z' });
    expect(doc.generatedAt).toBe(NOW.toISOString());
    expect(doc.cached).toBe(false);
  });

  it('refuses an Agent (403) and bad parameters (400 with field errors) before computing anything', async () => {
    const compute = jest.spyOn(REPORTS, 'campaigns');
    await expect(
      getReport(bed.deps, bed.caller(1, 'AGENT'), 'campaigns', { ...RANGE, timezone: 'America/Tijuana' }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(
      getReport(bed.deps, bed.caller(1, 'ADMIN'), 'campaigns', { ...RANGE, timezone: '+05:00' }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [expect.objectContaining({ path: 'timezone' })] });
    expect(compute).not.toHaveBeenCalled();
  });

  it('serves a repeated query from the cache (cached: true) without recomputing; force recomputes', async () => {
    const compute = jest.spyOn(REPORTS, 'campaigns');
    const query = { timezone: 'America/Mexico_City' };
    const first = await report(2, query);
    expect(first.cached).toBe(false);
    await seedCampaign(2, 'Added after the first answer');

    // The same instants spelled differently share the cached answer.
    const again = await report(2, { ...query, from: '2025-05-31T18:00:00-06:00' });
    expect(again).toEqual({ ...first, cached: true });
    expect(compute).toHaveBeenCalledTimes(1);

    const forced = await report(2, { ...query, force: true });
    expect(forced.cached).toBe(false);
    expect(forced.campaigns.map((c) => c.name)).toEqual(['Added after the first answer']);
    expect(compute).toHaveBeenCalledTimes(2);

    // The forced computation replaced the cached answer.
    expect((await report(2, query)).campaigns).toHaveLength(1);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keys the cache by zone and range too', async () => {
    const compute = jest.spyOn(REPORTS, 'campaigns');
    await report(3, { timezone: 'America/Tijuana' });
    await report(3, { timezone: 'America/Mexico_City' });
    await report(3, { timezone: 'America/Tijuana', to: '2025-06-07T00:00:00Z' });
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('keeps organizations apart: one never gets another’s cached answer', async () => {
    await seedCampaign(4, 'Org 4 only');
    const compute = jest.spyOn(REPORTS, 'campaigns');
    expect((await report(4)).campaigns.map((c) => c.name)).toEqual(['Org 4 only']);
    const other = await report(5);
    expect(other.cached).toBe(false);
    expect(other.campaigns).toEqual([]);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('caches a default range (to = now) too, for as long as the cache holds it', async () => {
    const compute = jest.spyOn(REPORTS, 'campaigns');
    const request = { from: undefined, to: undefined };
    const first = await report(6, request);
    bed.setNow(new Date(NOW.getTime() + 5_000));
    const second = await report(6, request);
    expect(second.cached).toBe(true);
    expect(second.range).toEqual(first.range);
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
