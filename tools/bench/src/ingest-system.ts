import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generateSigningKeys } from '@inbox/platform';
import { freePort, waitUntil, type Children } from './processes';
import type { Servers } from './targets';

const REPO = path.resolve(__dirname, '../../..');

export interface IngestSystem {
  api: string;
  appSecret: string;
  phoneNumberId: string;
  wabaId: string;
}

/**
 * The distributed arrangement for ingestion: directory, inbox and gateway each in its own process
 * (their dist/main.js, configured by environment) on real PostgreSQL, RabbitMQ and Redis. The
 * channel points at an address nobody listens on: ingestion never calls the Cloud API.
 */
export async function startIngestSystem(
  children: Children,
  servers: Servers,
  databaseUrl: string,
  /** Extra environment for the inbox (INBOX_INGEST_BATCH: how many messages one transaction stores). */
  inboxEnv: Record<string, string> = {},
): Promise<IngestSystem> {
  const keys = generateSigningKeys();
  const [directoryPort, inboxGrpcPort, inboxHttpPort, gatewayPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const appSecret = randomBytes(16).toString('hex');
  const phoneNumberId = '100000000000777';
  const wabaId = '200000000000777';
  const common = {
    AMQP_URL: servers.amqpUrl,
    // Its own exchanges and queues: a run never consumes what an interrupted earlier run left queued.
    AMQP_NAMESPACE: `bench-${randomBytes(4).toString('hex')}`,
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  children.spawn('directory', [path.join(REPO, 'services/directory/dist/main.js')], {
    ...common,
    DIRECTORY_DATABASE_URL: databaseUrl,
    GRPC_PORT: String(directoryPort),
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
  });
  children.spawn('inbox', [path.join(REPO, 'services/inbox/dist/main.js')], {
    ...common,
    INBOX_DATABASE_URL: databaseUrl,
    GRPC_PORT: String(inboxGrpcPort),
    HTTP_PORT: String(inboxHttpPort),
    DIRECTORY_GRPC_ADDR: `127.0.0.1:${directoryPort}`,
    INBOX_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    MEDIA_DIR: path.join(REPO, 'data', 'bench-media'),
    WHATSAPP_API_BASE_URL: 'http://127.0.0.1:9',
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_WABA_ID: wabaId,
    WHATSAPP_ACCESS_TOKEN: 'bench-token-not-used',
    ...inboxEnv,
  });
  children.spawn('gateway', [path.join(REPO, 'gateway/dist/main.js')], {
    ...common,
    PORT: String(gatewayPort),
    DIRECTORY_GRPC_ADDR: `127.0.0.1:${directoryPort}`,
    INBOX_GRPC_ADDR: `127.0.0.1:${inboxGrpcPort}`,
    INBOX_HTTP_URL: `http://127.0.0.1:${inboxHttpPort}`,
    REDIS_URL: servers.redisUrl,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString('hex'),
  });
  const api = `http://127.0.0.1:${gatewayPort}/api/v1`;
  await waitUntil('gateway /api/v1/ready', async () => (await fetch(`${api}/ready`)).ok, children);
  return { api, appSecret, phoneNumberId, wabaId };
}
