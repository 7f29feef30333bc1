import { ANALYTICS_REPORTS } from '@inbox/contracts';
import { invalid } from '@inbox/platform';
import { buildOpenApi } from '../openapi/openapi';
import {
  ADMIN_KEY,
  AGENT_KEY,
  startAnalyticsStandIn,
  type ReportAnswer,
} from '../testing/analytics-stand-in';
import { ROUTES } from '.';

interface Op {
  tags: string[];
  description?: string;
  parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
const doc = buildOpenApi(ROUTES, 'test') as unknown as { paths: Record<string, Record<string, Op>> };
const op = (path: string) => doc.paths[`/api/v1${path}`]?.get;

describe('the Analytics section of the OpenAPI document', () => {
  it.each(ANALYTICS_REPORTS)(
    'documents GET /analytics/%s: Admin only, every status, its report',
    (report) => {
      const o = op(`/analytics/${report}`)!;
      expect(o).toBeDefined();
      expect(o.tags).toEqual(['Analytics']);
      expect(o.description).toBe('Requires the Admin role.');
      expect(Object.keys(o.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '429', '503', '504']),
      );
      const names = o.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const bucketed = report === 'overview' || report === 'conversations';
      expect(names.sort()).toEqual(
        ['force', 'from', 'timezone', 'to', ...(bucketed ? ['excludeIncomplete'] : [])].sort(),
      );
      const answer = o.responses['200'].content!['application/json'].schema;
      expect(JSON.stringify(answer)).toContain('generatedAt');
    },
  );

  it('lists exactly the five report paths under /analytics', () => {
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/analytics'));
    expect(paths.sort()).toEqual(ANALYTICS_REPORTS.map((r) => `/api/v1/analytics/${r}`).sort());
  });
});

const envelope = {
  range: {
    from: '2025-06-01T06:00:00.000Z',
    to: '2025-06-08T06:00:00.000Z',
    timezone: 'America/Mexico_City',
    bucket: 'day',
  },
  previous: { from: '2025-05-25T06:00:00.000Z', to: '2025-06-01T06:00:00.000Z' },
  generatedAt: '2025-06-10T18:00:00.000Z',
  cached: false,
};
const funnel = { recipients: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 };
const REPORT_DOCS: Record<string, unknown> = {
  GetCampaigns: {
    ...envelope,
    totals: { ...funnel, estimatedCost: 0, actualCost: 0, currency: null },
    campaigns: [],
    failureCodes: [],
  },
  GetAgents: { ...envelope, agents: [] },
};

describe('GET /analytics/* through the gateway', () => {
  const answers: Record<string, ReportAnswer> = {};
  let standIn: Awaited<ReturnType<typeof startAnalyticsStandIn>>;
  beforeAll(async () => {
    standIn = await startAnalyticsStandIn(
      (method) => answers[method] ?? (async () => REPORT_DOCS[method] ?? {}),
    );
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.received.length = 0;
    for (const key of Object.keys(answers)) delete answers[key];
  });
  const get = async (path: string, key: string = ADMIN_KEY) => {
    const res = await fetch(`${standIn.url}${path}`, { headers: key ? { 'x-api-key': key } : {} });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { errors?: { path: string }[] },
    };
  };
  const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);
  const queryFields = (...names: string[]) => names.map((n) => `query.${n}`).sort();

  it('answers the report the service computed, for the caller’s organization', async () => {
    const res = await get('/analytics/campaigns');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REPORT_DOCS.GetCampaigns);
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0]).toMatchObject({
      method: 'GetCampaigns',
      request: { force: false, excludeIncomplete: false },
      caller: { orgId: 7, role: 'ADMIN' },
    });
    expect(standIn.received[0].request.from).toBeUndefined();
  });

  it('passes the range, zone and flags as given', async () => {
    const res = await get(
      '/analytics/agents?from=2022-04-01&to=2022-04-08T00:00:00-07:00&timezone=America/Tijuana&force=true',
    );
    expect(res.status).toBe(200);
    expect(standIn.received[0].request).toMatchObject({
      from: '2022-04-01',
      to: '2022-04-08T00:00:00-07:00',
      timezone: 'America/Tijuana',
      force: true,
      excludeIncomplete: false,
    });
  });

  it('refuses an Agent with 403 and no credentials with 401, calling no service', async () => {
    for (const report of ANALYTICS_REPORTS)
      expect((await get(`/analytics/${report}`, AGENT_KEY)).status).toBe(403);
    expect((await get('/analytics/overview', '')).status).toBe(401);
    expect(standIn.received).toEqual([]);
  });

  it('refuses bad parameters with 400 and their field errors', async () => {
    const cases: [string, string[]][] = [
      ['/analytics/overview?from=yesterday', ['from']],
      ['/analytics/overview?to=2025-13-01T00:00:00Z&force=yes', ['to', 'force']],
      ['/analytics/conversations?excludeIncomplete=1', ['excludeIncomplete']],
      ['/analytics/bot?timezone=', ['timezone']],
    ];
    for (const [path, fields] of cases) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(fieldsOf(res.body).sort()).toEqual(queryFields(...fields));
    }
    // No unfinished bucket to leave out of a report without a series: an unknown parameter there.
    const unknown = await get('/analytics/agents?excludeIncomplete=true');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toContain('excludeIncomplete');
    expect(standIn.received).toEqual([]);
  });

  it('passes the service’s own 400 on, field errors included (an offset is no time zone)', async () => {
    answers.GetCampaigns = async () => {
      throw invalid('VALIDATION_FAILED', 'Invalid report parameters', [
        { path: 'timezone', message: 'an IANA zone name, e.g. America/Mexico_City' },
      ]);
    };
    const res = await get('/analytics/campaigns?timezone=%2B05:00');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res.body)).toEqual(['query.timezone']);
    expect(standIn.received[0].request.timezone).toBe('+05:00');
  });
});
