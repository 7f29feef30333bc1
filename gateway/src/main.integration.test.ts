/**
 * The gateway's real entry point (`node gateway/dist/main.js`), as Kubernetes runs it: /metrics
 * answers from the first lines of the boot, and a SIGTERM while the boot still waits for its
 * broker is a clean stop (exit 0), not a crash.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { generateSigningKeys } from '@inbox/platform';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'gateway/dist/main.js');

/** A port nothing listens on (a broker that is not there yet, or one for the metrics). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function get(port: number, urlPath: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  // CI has built already (a quick up-to-date check); a type error elsewhere still emits JavaScript.
  try {
    await promisify(execFile)(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: ROOT });
  } catch (error) {
    if (!fs.existsSync(MAIN)) throw error;
  }
}, 300_000);

it('serves /metrics while the boot waits for RabbitMQ, and a SIGTERM then exits 0', async () => {
  const metricsPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'JEST_WORKER_ID'])
    delete env[name];
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...env,
      LOG_LEVEL: 'info',
      PORT: '0',
      METRICS_PORT: String(metricsPort),
      // No broker there: RabbitMqBus.connect retries for 30 s, so the boot is still under way.
      AMQP_URL: `amqp://127.0.0.1:${await freePort()}`,
      INTERNAL_AUTH_SECRET: randomBytes(32).toString('base64url'),
      JWT_PUBLIC_KEY: generateSigningKeys().publicKeyPem,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('metrics at GET /metrics')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then(() => reject(new Error(`the gateway exited while starting:\n${output}`)));
    });

    const scrape = await get(metricsPort, '/metrics');
    expect(scrape.status).toBe(200);
    expect(scrape.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(scrape.body).toContain('# TYPE inbox_http_requests_total counter');
    expect(output).not.toContain('gateway listening');

    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('"msg":"stopped"');
  } finally {
    child.kill('SIGKILL');
  }
}, 30_000);
