import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { generateSigningKeys } from '@inbox/platform';
import { Children, freePort, waitUntil } from './processes';
import type { Servers } from './targets';

const REPO = path.resolve(__dirname, '../../..');

/** grpc.health.v1 says SERVING (the image's own health check script). */
const grpcServing = (port: string) =>
  new Promise<boolean>((resolve) =>
    execFile(
      process.execPath,
      [path.join(REPO, 'deploy/docker/healthcheck.js'), `grpc://127.0.0.1:${port}`],
      (error) => resolve(!error),
    ),
  );

export const ADMIN = { clientId: 1, email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

export interface CampaignsSystem {
  /** http://127.0.0.1:port/api/v1 */
  api: string;
  /** The simulator's base URL (Graph paths and /_sim). */
  sim: string;
  phoneNumberId: string;
  /** Starts `count` campaign workers (`main.js worker`) sending at `rate` per second. */
  startWorkers(count: number, rate: number): Promise<Children>;
  /** Whether a worker (by its name in startWorkers' Children) says SERVING: its database and bus are up. */
  workerServing(name: string): Promise<boolean>;
  /** Whether a service or a worker (by its process name) answers gRPC health with SERVING. */
  serving(name: string): Promise<boolean>;
  /** The PIDs of the long-lived processes, by name. */
  pids(): Record<string, number>;
  /** With `metrics`: each process's /metrics URL by process name, the workers started so far included. */
  metricsUrls(): Record<string, string>;
}

/** What else a run asks of the arrangement (test/faults asks for all of it). */
export interface SystemOptions {
  /** More environment for the campaigns API and workers (a shorter lease). */
  campaignsEnv?: Record<string, string>;
  /** Every line the workers write. */
  onWorkerLine?: (worker: string, line: string) => void;
  /** The analytics service too (the gateway's /analytics routes; it consumes every event). */
  analytics?: boolean;
  /** Every process serves /metrics on a port of its own (METRICS_PORT). */
  metrics?: boolean;
  /** The children's output goes to this file instead of stderr (Children's logFile). */
  logFile?: string;
  /** The workers' Children restart a worker that exits on its own (Children's restartCrashed). */
  restartCrashed?: boolean;
}

/**
 * The distributed arrangement for campaigns: the WhatsApp simulator, directory, inbox, templates,
 * the campaigns API and the gateway, each in its own process (their dist/main.js, configured by
 * environment) on real PostgreSQL, RabbitMQ and Redis; the workers come and go per measured cap.
 * The bootstrap organization's channel is the simulator's number; its webhooks go to the gateway.
 * `extra` (test/faults): see SystemOptions; `npm run bench:campaigns` asks for none of it.
 */
export async function startCampaignsSystem(
  children: Children,
  servers: Servers,
  databaseUrl: string,
  simEnv: Record<string, string>,
  extra: SystemOptions = {},
): Promise<CampaignsSystem> {
  const keys = generateSigningKeys();
  const port = async () => String(await freePort());
  const [simPort, directoryPort, inboxGrpc, inboxHttp, templatesGrpc, templatesHttp] = await Promise.all([
    port(),
    port(),
    port(),
    port(),
    port(),
    port(),
  ]);
  const [campaignsGrpc, campaignsHttp, gatewayPort, analyticsGrpc] = await Promise.all([
    port(),
    port(),
    port(),
    port(),
  ]);
  const grpcPorts = new Map<string, string>([
    ['directory', directoryPort],
    ['inbox', inboxGrpc],
    ['templates', templatesGrpc],
    ['campaigns', campaignsGrpc],
    ...(extra.analytics ? [['analytics', analyticsGrpc] as [string, string]] : []),
  ]);
  const metricsPorts = new Map<string, string>();
  /** METRICS_PORT for the process `name` when metrics are asked for, else nothing. */
  const metricsEnv = async (name: string): Promise<Record<string, string>> => {
    if (!extra.metrics) return {};
    const metricsPort = await port();
    metricsPorts.set(name, metricsPort);
    return { METRICS_PORT: metricsPort };
  };
  const appSecret = randomBytes(16).toString('hex');
  const accessToken = `bench-${randomBytes(16).toString('hex')}`;
  const phoneNumberId = '100000000000888';
  const wabaId = '200000000000888';
  const sim = `http://127.0.0.1:${simPort}`;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-campaigns-media-'));
  const common = {
    AMQP_URL: servers.amqpUrl,
    // Its own exchanges and queues: a run never consumes what an interrupted earlier run left queued.
    AMQP_NAMESPACE: `bench-${randomBytes(4).toString('hex')}`,
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  const addr = (p: string) => `127.0.0.1:${p}`;

  children.spawn('whatsapp-sim', [path.join(REPO, 'tools/whatsapp-sim/dist/main.js')], {
    PORT: simPort,
    WHATSAPP_APP_SECRET: appSecret,
    SIM_ACCESS_TOKEN: accessToken,
    SIM_PHONE_NUMBER_ID: phoneNumberId,
    SIM_WABA_ID: wabaId,
    SIM_DISPLAY_NUMBER: '15550100888',
    SIM_APP_ID: '300000000000888',
    SIM_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/api/v1/webhooks/whatsapp`,
    SIM_TEMPLATE_REVIEW_DELAY_MS: '200',
    ...simEnv,
  });
  children.spawn('directory', [path.join(REPO, 'services/directory/dist/main.js')], {
    ...common,
    ...(await metricsEnv('directory')),
    DIRECTORY_DATABASE_URL: databaseUrl,
    GRPC_PORT: directoryPort,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  children.spawn('inbox', [path.join(REPO, 'services/inbox/dist/main.js')], {
    ...common,
    ...(await metricsEnv('inbox')),
    INBOX_DATABASE_URL: databaseUrl,
    GRPC_PORT: inboxGrpc,
    HTTP_PORT: inboxHttp,
    DIRECTORY_GRPC_ADDR: addr(directoryPort),
    INBOX_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    MEDIA_DIR: mediaDir,
    WHATSAPP_API_BASE_URL: sim,
    BOOTSTRAP_CLIENT_ID: String(ADMIN.clientId),
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_WABA_ID: wabaId,
    WHATSAPP_ACCESS_TOKEN: accessToken,
  });
  children.spawn('templates', [path.join(REPO, 'services/templates/dist/main.js')], {
    ...common,
    ...(await metricsEnv('templates')),
    TEMPLATES_DATABASE_URL: databaseUrl,
    GRPC_PORT: templatesGrpc,
    HTTP_PORT: templatesHttp,
    INBOX_GRPC_ADDR: addr(inboxGrpc),
    MEDIA_DIR: path.join(mediaDir, 'templates'),
    WHATSAPP_APP_ID: '300000000000888',
    TEMPLATES_SYNC_INTERVAL_SECONDS: '0',
  });
  const campaignsCommon = {
    ...common,
    CAMPAIGNS_DATABASE_URL: databaseUrl,
    REDIS_URL: servers.redisUrl,
    INBOX_GRPC_ADDR: addr(inboxGrpc),
    TEMPLATES_GRPC_ADDR: addr(templatesGrpc),
    ...extra.campaignsEnv,
  };
  children.spawn('campaigns', [path.join(REPO, 'services/campaigns/dist/main.js')], {
    ...campaignsCommon,
    ...(await metricsEnv('campaigns')),
    GRPC_PORT: campaignsGrpc,
    HTTP_PORT: campaignsHttp,
  });
  if (extra.analytics)
    children.spawn('analytics', [path.join(REPO, 'services/analytics/dist/main.js')], {
      ...common,
      ...(await metricsEnv('analytics')),
      ANALYTICS_DATABASE_URL: databaseUrl,
      GRPC_PORT: analyticsGrpc,
      REDIS_URL: servers.redisUrl,
    });
  const platformToken = randomBytes(32).toString('hex');
  children.spawn('gateway', [path.join(REPO, 'gateway/dist/main.js')], {
    ...common,
    ...(await metricsEnv('gateway')),
    PORT: gatewayPort,
    DIRECTORY_GRPC_ADDR: addr(directoryPort),
    INBOX_GRPC_ADDR: addr(inboxGrpc),
    INBOX_HTTP_URL: `http://${addr(inboxHttp)}`,
    TEMPLATES_GRPC_ADDR: addr(templatesGrpc),
    TEMPLATES_HTTP_URL: `http://${addr(templatesHttp)}`,
    CAMPAIGNS_GRPC_ADDR: addr(campaignsGrpc),
    CAMPAIGNS_HTTP_URL: `http://${addr(campaignsHttp)}`,
    ...(extra.analytics ? { ANALYTICS_GRPC_ADDR: addr(analyticsGrpc) } : {}),
    REDIS_URL: servers.redisUrl,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString('hex'),
    PLATFORM_TOKEN: platformToken,
    // The bench polls the campaign's counts several times a second for minutes.
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  children.note(
    `ports: ${JSON.stringify({ sim: simPort, gateway: gatewayPort, grpc: Object.fromEntries(grpcPorts), metrics: Object.fromEntries(metricsPorts) })}`,
  );
  const api = `http://127.0.0.1:${gatewayPort}/api/v1`;
  await waitUntil('gateway /api/v1/ready', async () => (await fetch(`${api}/ready`)).ok, children, 120_000);
  await waitUntil('the simulator', async () => (await fetch(`${sim}/_sim/health`)).ok, children);
  const created = await fetch(`${api}/platform/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: ADMIN.clientId,
      name: 'Bench organization',
      admin: { email: ADMIN.email, name: 'Bench Admin', password: ADMIN.password },
    }),
  });
  if (created.status !== 201) throw new Error(`organization: ${created.status} ${await created.text()}`);

  let workerRound = 0;
  const serving = async (name: string) => {
    const grpcPort = grpcPorts.get(name);
    if (!grpcPort) throw new Error(`no service or worker named ${name}`);
    return grpcServing(grpcPort);
  };
  return {
    api,
    sim,
    phoneNumberId,
    pids: () => children.pids(),
    metricsUrls: () =>
      Object.fromEntries(
        [...metricsPorts].map(([name, metricsPort]) => [name, `http://127.0.0.1:${metricsPort}/metrics`]),
      ),
    serving,
    workerServing: serving,
    startWorkers: async (count: number, rate: number) => {
      const workers = new Children({ logFile: extra.logFile, restartCrashed: extra.restartCrashed });
      workerRound += 1;
      for (let i = 1; i <= count; i++) {
        const grpcPort = String(await freePort());
        const main = path.join(REPO, 'services/campaigns/dist/main.js');
        const name = `worker-${workerRound}.${i}`;
        grpcPorts.set(name, grpcPort);
        children.note(`${name}: gRPC port ${grpcPort}`);
        const child = workers.spawn(name, [main, 'worker'], {
          ...campaignsCommon,
          ...(await metricsEnv(name)),
          CAMPAIGNS_MODE: 'worker',
          GRPC_PORT: grpcPort,
          CAMPAIGNS_SEND_RATE: String(rate),
        });
        const onLine = extra.onWorkerLine;
        if (onLine)
          for (const output of [child.stdout, child.stderr])
            if (output) readline.createInterface({ input: output }).on('line', (line) => onLine(name, line));
        // Ready = consuming the send queue (declared by then), so no slice job is published before.
        await waitUntil(`worker ${i} ready`, () => grpcServing(grpcPort), workers);
      }
      return workers;
    },
  };
}
