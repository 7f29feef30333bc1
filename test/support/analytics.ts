import { ANALYTICS_REPORTS, type AnalyticsReport } from '@inbox/contracts';
import { eventually, type Answer, type Client } from './http';

/** Reads, waits and checks the analytics scenarios share. */

export { ANALYTICS_REPORTS };
export type { AnalyticsReport };

export type ReportParams = Record<string, string | boolean | undefined>;

/** The query string of a report's parameters (undefined ones left out). */
export const reportQuery = (params: ReportParams = {}) => {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter((entry): entry is [string, string | boolean] => entry[1] !== undefined)
      .map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return query ? `?${query}` : '';
};

/** GET /analytics/{report} as the caller, whatever the status. */
export const getReport = (
  api: Client,
  token: string | undefined,
  report: AnalyticsReport,
  params?: ReportParams,
) => api.get(`/analytics/${report}${reportQuery(params)}`, token ? { token } : {});

/** A report computed now (force=true), failing the test on anything but 200. */
export async function freshReport(
  api: Client,
  token: string,
  report: AnalyticsReport,
  params: ReportParams = {},
): Promise<any> {
  const res = await getReport(api, token, report, { ...params, force: true });
  if (res.status !== 200)
    throw new Error(`GET /analytics/${report}: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.cached).toBe(false);
  return res.body;
}

/**
 * Polls a report (recomputed each time) until `check` passes: events reach the analytics service
 * through the bus, so what just happened shows within seconds, not at once. Answers the last report.
 */
export async function waitForReport(
  api: Client,
  token: string,
  report: AnalyticsReport,
  params: ReportParams,
  check: (body: any) => void,
  timeoutMs = 20_000,
): Promise<any> {
  let body: any;
  await eventually(async () => {
    body = await freshReport(api, token, report, params);
    check(body);
  }, timeoutMs);
  return body;
}

const DAY_MS = 86_400_000;

/**
 * Every answer's envelope: the range and zone it used (from < to, bucket by length), and the
 * previous period of equal length ending where the range starts.
 */
export function expectEnvelope(body: any, timezone: string) {
  expect(body).toMatchObject({
    range: { from: expect.any(String), to: expect.any(String), timezone, bucket: expect.any(String) },
    previous: { from: expect.any(String), to: expect.any(String) },
    generatedAt: expect.any(String),
    cached: expect.any(Boolean),
  });
  const from = Date.parse(body.range.from);
  const to = Date.parse(body.range.to);
  expect(from).toBeLessThan(to);
  expect(body.range.bucket).toBe(to - from <= 2 * DAY_MS ? 'hour' : 'day');
  expect(Date.parse(body.previous.to)).toBe(from);
  expect(Date.parse(body.previous.to) - Date.parse(body.previous.from)).toBe(to - from);
}

/** The local wall clock of an instant in a zone: weekday 0 = Monday … 6 = Sunday, hour 0..23, date. */
export function localParts(at: Date | string, timezone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday),
    hour: Number(parts.hour),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/** How many of each key, sorted by key: to compare breakdowns whatever their order. */
export const tally = (keys: Array<string | number | null>) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(String(key), (counts.get(String(key)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
};

/** A breakdown (`[{ <key>: …, count }]`) as a sorted record, for comparing with `tally`. */
export const asTally = (rows: Array<Record<string, any>>, key: string) =>
  Object.fromEntries(
    rows
      .map((r) => [String(r[key]), r.count as number])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

const zeroStats = { count: 0, average: null, median: null, p90: null };

/** An overview's totals with nothing in them. */
export const EMPTY_TOTALS = {
  conversations: { new: 0, closed: 0, open: 0 },
  messages: { in: 0, out: 0 },
  firstResponse: zeroStats,
  resolution: zeroStats,
  bot: { handled: 0, containmentRate: null, handoffRate: null },
  campaigns: { sent: 0, delivered: 0, read: 0, replied: 0, cost: 0 },
};

/** What each report holds for an organization that had no traffic (agents: its users, all zero). */
export function expectNothing(report: AnalyticsReport, body: any) {
  switch (report) {
    case 'overview':
      expect(body.current).toMatchObject(EMPTY_TOTALS);
      expect(body.previousTotals).toMatchObject(EMPTY_TOTALS);
      for (const bucket of body.series)
        expect(bucket).toMatchObject({
          newConversations: 0,
          closedConversations: 0,
          messagesIn: 0,
          messagesOut: 0,
        });
      break;
    case 'conversations':
      expect(body).toMatchObject({
        byCategory: [],
        byOrigin: [],
        byTeam: [],
        byFinalStatus: [],
        heatmap: [],
        firstResponse: zeroStats,
        resolution: zeroStats,
        reopenRate: null,
      });
      for (const bucket of body.volume) expect(bucket).toMatchObject({ new: 0, closed: 0 });
      break;
    case 'agents':
      for (const agent of body.agents)
        expect(agent).toMatchObject({
          assigned: 0,
          handled: 0,
          resolved: 0,
          messagesSent: 0,
          firstResponse: zeroStats,
          handleTime: zeroStats,
        });
      break;
    case 'bot':
      expect(body).toMatchObject({
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
      break;
    case 'campaigns':
      expect(body).toMatchObject({
        totals: {
          recipients: 0,
          sent: 0,
          delivered: 0,
          read: 0,
          replied: 0,
          failed: 0,
          estimatedCost: 0,
          actualCost: 0,
        },
        campaigns: [],
        failureCodes: [],
      });
      break;
  }
}

/** The field paths a 400 problem names. */
export const problemFields = (res: Answer): string[] =>
  ((res.body?.errors ?? []) as Array<{ path: string }>).map((e) => e.path).sort();
