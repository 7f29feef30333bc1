import {
  ANALYTICS_REPORTS,
  expectEnvelope,
  freshReport,
  getReport,
  localParts,
  problemFields,
  type AnalyticsReport,
  type ReportParams,
} from '../support/analytics';
import { expectProblem } from '../support/bot';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

jest.setTimeout(120_000);

/** Who may read the reports, which parameters they refuse, and the range every answer states. */
const t = systemForTestFile();
let agent: { id: string; token: string };

beforeAll(async () => {
  agent = await makeUser(t, t.admin, { email: 'analytics-access-agent@example.com', role: 'AGENT' });
});

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const BUCKETED: AnalyticsReport[] = ['overview', 'conversations'];
const UNBUCKETED = ANALYTICS_REPORTS.filter((r) => !BUCKETED.includes(r));

describe(`who may read the analytics (${MODE})`, () => {
  it.each(ANALYTICS_REPORTS)('%s: an Agent gets 403, no token 401, the Admin 200', async (report) => {
    expectProblem(`${report} as an Agent`, await getReport(t.api, agent.token, report), 403);
    expectProblem(`${report} without a token`, await getReport(t.api, undefined, report), 401);
    expect((await getReport(t.api, t.admin, report)).status).toBe(200);
  });
});

describe(`bad parameters get 400 with the fields named (${MODE})`, () => {
  const refused = async (report: AnalyticsReport, params: ReportParams, fields: string[]) => {
    const res = await getReport(t.api, t.admin, report, params);
    const what = `${report} ${JSON.stringify(params)}`;
    expectProblem(what, res, 400);
    expect({ what, fields: problemFields(res) }).toEqual({ what, fields });
  };

  it.each(ANALYTICS_REPORTS)(
    '%s: a time zone that is an offset, an abbreviation or no place',
    async (report) => {
      for (const timezone of ['+05:00', 'EST', 'Mars/Olympus', 'UTC+3'])
        await refused(report, { timezone }, ['query.timezone']);
    },
  );

  it.each(ANALYTICS_REPORTS)(
    '%s: dates that are not dates, an empty or reversed range, more than a year',
    async (report) => {
      await refused(report, { from: 'yesterday' }, ['query.from']);
      await refused(report, { to: '2025-02-30T00:00:00Z' }, ['query.to']);
      await refused(report, { from: '2025-03-01T00:00:00Z', to: '2025-03-01T00:00:00Z' }, ['query.from']);
      await refused(report, { from: '2025-03-02', to: '2025-03-01' }, ['query.from']);
      await refused(report, { from: '2024-01-01', to: '2025-01-10' }, ['query.from']);
    },
  );

  it.each(ANALYTICS_REPORTS)('%s: a boolean that is neither true nor false', async (report) => {
    await refused(report, { force: 'maybe' }, ['query.force']);
  });

  it('excludeIncomplete: a boolean on overview and conversations, unknown on the others', async () => {
    for (const report of BUCKETED)
      await refused(report, { excludeIncomplete: 'maybe' }, ['query.excludeIncomplete']);
    for (const report of UNBUCKETED) {
      const res = await getReport(t.api, t.admin, report, { excludeIncomplete: true });
      expectProblem(`${report} excludeIncomplete`, res, 400);
      expect(JSON.stringify(res.body.errors)).toContain('excludeIncomplete');
    }
  });

  it('accepts what is right: IANA names (45-minute and half-hour zones, UTC), a year exactly', async () => {
    for (const timezone of ['Asia/Kathmandu', 'Asia/Kolkata', 'UTC', 'America/Argentina/Buenos_Aires'])
      expect((await getReport(t.api, t.admin, 'bot', { timezone })).status).toBe(200);
    expect(
      (await getReport(t.api, t.admin, 'campaigns', { from: '2024-01-01', to: '2025-01-01' })).status,
    ).toBe(200);
  });
});

describe(`every answer states its range, zone, bucket and the previous period (${MODE})`, () => {
  it.each(ANALYTICS_REPORTS)(
    '%s: by default the last 7 local days of Mexico City, by day',
    async (report) => {
      const before = Date.now();
      const body = await freshReport(t.api, t.admin, report);
      const after = Date.now();
      expectEnvelope(body, 'America/Mexico_City');
      expect(body.range.bucket).toBe('day');
      const to = Date.parse(body.range.to);
      expect(to).toBeGreaterThanOrEqual(before - 1000);
      expect(to).toBeLessThanOrEqual(after);
      // Mexico City keeps -06:00 all year since 2023: local midnight is 06:00 UTC.
      const [y, m, d] = localParts(new Date(to), 'America/Mexico_City').date.split('-').map(Number);
      expect(body.range.from).toBe(new Date(Date.UTC(y, m - 1, d - 6, 6)).toISOString());
    },
  );

  it.each(ANALYTICS_REPORTS)('%s: a local day across the 2022 DST change has 23 hours', async (report) => {
    const body = await freshReport(t.api, t.admin, report, {
      from: '2022-04-03',
      to: '2022-04-04',
      timezone: 'America/Mexico_City',
    });
    expect(body.range).toEqual({
      from: '2022-04-03T06:00:00.000Z',
      to: '2022-04-04T05:00:00.000Z',
      timezone: 'America/Mexico_City',
      bucket: 'hour',
    });
    expect(body.previous).toEqual({ from: '2022-04-02T07:00:00.000Z', to: '2022-04-03T06:00:00.000Z' });
    if (report === 'overview') expect(body.series).toHaveLength(23);
    if (report === 'conversations') expect(body.volume).toHaveLength(23);
  });

  it('instants with offsets name the same range in any zone; the zone only moves the buckets', async () => {
    const params = { from: '2025-06-01T00:00:00+05:30', to: '2025-06-15T00:00:00+05:30' };
    const kolkata = await freshReport(t.api, t.admin, 'overview', { ...params, timezone: 'Asia/Kolkata' });
    const tijuana = await freshReport(t.api, t.admin, 'overview', { ...params, timezone: 'America/Tijuana' });
    for (const body of [kolkata, tijuana]) {
      expect(body.range).toMatchObject({
        from: '2025-05-31T18:30:00.000Z',
        to: '2025-06-14T18:30:00.000Z',
        bucket: 'day',
      });
      expect(body.previous).toEqual({ from: '2025-05-17T18:30:00.000Z', to: '2025-05-31T18:30:00.000Z' });
    }
    expectEnvelope(kolkata, 'Asia/Kolkata');
    expectEnvelope(tijuana, 'America/Tijuana');
    expect(kolkata.series).toHaveLength(14);
    // Tijuana's local days start at 07:00 UTC in June (-07:00): the range covers parts of 15 of them.
    expect(tijuana.series).toHaveLength(15);
  });

  it.each(BUCKETED)('%s: excludeIncomplete ends the range where today began', async (report) => {
    const body = await freshReport(t.api, t.admin, report, { excludeIncomplete: true });
    expectEnvelope(body, 'America/Mexico_City');
    const [y, m, d] = localParts(new Date(), 'America/Mexico_City').date.split('-').map(Number);
    expect(body.range).toMatchObject({
      from: new Date(Date.UTC(y, m - 1, d - 6, 6)).toISOString(),
      to: new Date(Date.UTC(y, m - 1, d, 6)).toISOString(),
      bucket: 'day',
    });
    expect(Date.parse(body.range.to) - Date.parse(body.range.from)).toBe(6 * DAY_MS);
  });
});
