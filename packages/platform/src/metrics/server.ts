import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, register } from 'prom-client';
import { closeHttpServer } from '../http/close-server';
import type { Logger } from '../logger';
import { runScrapeHooks } from './catalog';

export interface MetricsServerOptions {
  port: number;
  /** Default: every interface (Prometheus scrapes the pod's address). */
  host?: string;
  logger: Logger;
  /** How long each scrape hook may take before the scrape goes on without it. */
  hookTimeoutMs?: number;
}

export interface RunningMetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * prom-client's process and Node metrics (event-loop lag, heap, CPU, handles). Registering them
 * twice throws, and jest loads this module more than once per process: the registry is the guard.
 */
function collectProcessMetricsOnce(): void {
  if (register.getSingleMetric('process_cpu_user_seconds_total')) return;
  collectDefaultMetrics();
}

/**
 * `GET /metrics` on its own port, apart from the API and gRPC ports: scraping needs no
 * credentials, so it must never be reachable where the product's clients are. Started right
 * after the logger, so a process stuck in its boot (a broker that does not answer) is seen too.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<RunningMetricsServer> {
  collectProcessMetricsOnce();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    void scrape().then(
      (body) => res.writeHead(200, { 'content-type': register.contentType }).end(body),
      (err: unknown) => {
        options.logger.warn({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics scrape failed\n');
      },
    );
  });
  const scrape = async () => {
    await runScrapeHooks(options.hookTimeoutMs);
    return register.metrics();
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'metrics at GET /metrics');
  // A scrape takes a second at most: no need for the API's longer grace.
  return { port, close: () => closeHttpServer(server, 1_000) };
}
