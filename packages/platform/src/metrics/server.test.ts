import http from 'node:http';
import { createLogger } from '../logger';
import { dbPoolConnections, onScrape } from './catalog';
import { startMetricsServer, type RunningMetricsServer } from './server';

/** The names dashboards, alerts and the deploy tests read: a rename breaks them silently. */
const CATALOG = [
  'inbox_http_requests_total',
  'inbox_http_request_duration_seconds',
  'inbox_grpc_server_handled_total',
  'inbox_grpc_server_handling_seconds',
  'inbox_outbox_backlog',
  'inbox_outbox_oldest_age_seconds',
  'inbox_bus_consumed_total',
  'inbox_bus_consumer_lag_seconds',
  'inbox_bus_queue_depth',
  'inbox_bus_parked_messages',
  'inbox_campaign_sends_total',
  'inbox_campaign_rate_wait_seconds',
  'inbox_db_pool_connections',
  // prom-client's process metrics.
  'nodejs_eventloop_lag_seconds',
  'process_resident_memory_bytes',
];

function get(port: number, path: string, method = 'GET') {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the metrics server', () => {
  let server: RunningMetricsServer;
  const removeHooks: Array<() => void> = [];
  beforeAll(async () => {
    server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('test', 'silent'),
      hookTimeoutMs: 50,
    });
  });
  afterEach(() => removeHooks.splice(0).forEach((remove) => remove()));
  afterAll(() => server.close());

  it("answers GET /metrics with the catalog and the process metrics, in Prometheus' text format", async () => {
    const scrape = await get(server.port, '/metrics');
    expect(scrape.status).toBe(200);
    expect(scrape.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of CATALOG) expect(scrape.body).toContain(`# TYPE ${name} `);
  });

  it('runs the scrape hooks first, and a hook that throws or never ends does not fail the scrape', async () => {
    removeHooks.push(
      onScrape(async () => {
        dbPoolConnections.set({ service: 'metrics-test', state: 'idle' }, 7);
      }),
      onScrape(() => Promise.reject(new Error('database down'))),
      onScrape(() => new Promise<void>(() => undefined)),
    );
    const scrape = await get(server.port, '/metrics?x=1');
    expect(scrape.status).toBe(200);
    expect(scrape.body).toContain('inbox_db_pool_connections{service="metrics-test",state="idle"} 7');
  });

  it('answers 404 for any other path or method', async () => {
    expect((await get(server.port, '/')).status).toBe(404);
    expect((await get(server.port, '/metrics/x')).status).toBe(404);
    expect((await get(server.port, '/metrics', 'POST')).status).toBe(404);
  });

  it('starts twice in one process (tests, or a second server) without registering the process metrics again', async () => {
    const second = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('test', 'silent'),
    });
    try {
      expect((await get(second.port, '/metrics')).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
