import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createCache,
  createLogger,
  DurableBus,
  generateSigningKeys,
  RabbitMqBus,
  type Cache,
  type EventBus,
  type Logger,
} from '@inbox/platform';
import { openTestDatabase } from '@inbox/platform/testing';
import type { MailMessage } from '@inbox/directory';
import { startSystem, type RunningSystem } from '@inbox/all-in-one';
import type { RateLimitSettings } from '@inbox/gateway';

export const ADMIN = { clientId: 1, email: 'admin@example.com', password: 'admin-password-1' };
export const PLATFORM_TOKEN = 'platform-token-for-tests';

/** Which servers the suite runs against: embedded unless URLs are given (CI runs both). */
export const MODE = process.env.DATABASE_URL ? 'distributed' : 'embedded';

export interface TestSystem {
  baseUrl: string;
  system: RunningSystem;
  mails: MailMessage[];
  bus: EventBus;
  stop(): Promise<void>;
}

/**
 * The whole product in this process: PGlite, the durable bus in it and memory cache by default; a fresh
 * PostgreSQL database, RabbitMQ and Redis when DATABASE_URL, AMQP_URL and REDIS_URL are set.
 */
export async function startTestSystem(
  options: {
    limits?: Partial<RateLimitSettings>;
    /** To read what the processes log. */
    logger?: Logger;
    /** A Redis of the test's own (one it stops), instead of REDIS_URL's. */
    redisUrl?: string;
  } = {},
): Promise<TestSystem> {
  const logger = options.logger ?? createLogger('e2e', process.env.LOG_LEVEL ?? 'silent');
  const database = await openTestDatabase();
  const bus: EventBus = process.env.AMQP_URL
    ? // Its own namespace: test files run in parallel on one broker and must not consume each other's events.
      await RabbitMqBus.connect(process.env.AMQP_URL, logger, {
        namespace: `t${randomBytes(4).toString('hex')}`,
        ephemeral: true,
      })
    : await DurableBus.open(database, logger);
  const cache: Cache = createCache(options.redisUrl ?? process.env.REDIS_URL, {
    keyPrefix: `t${randomBytes(4).toString('hex')}:`,
    logger,
  });
  const mails: MailMessage[] = [];
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-media-'));
  const templateMediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-template-media-'));
  const system = await startSystem({
    database,
    bus,
    cache,
    logger,
    mailer: { send: async (m) => void mails.push(m) },
    signingKeys: generateSigningKeys(),
    internalAuthSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
    mediaDir,
    templateMediaDir,
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://inbox.test',
    platformToken: PLATFORM_TOKEN,
    limits: {
      RATE_LIMIT_PER_MINUTE: 100_000,
      LOGIN_LIMIT_PER_ACCOUNT: 1_000,
      LOGIN_LIMIT_PER_IP: 1_000,
      LOGIN_WINDOW_SECONDS: 900,
      ACCEPT_INVITE_LIMIT_PER_IP: 1_000,
      AUTH_FAILURES_PER_IP: 1_000,
      AUTH_FAILURE_WINDOW_SECONDS: 300,
      TEMPLATE_SYNC_LIMIT_PER_HOUR: 1_000,
      ...options.limits,
    },
    bootstrap: {
      clientId: ADMIN.clientId,
      name: 'Org one',
      adminEmail: ADMIN.email,
      adminName: 'Admin One',
      adminPassword: ADMIN.password,
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${system.port}/api/v1`,
    system,
    mails,
    bus,
    stop: async () => {
      await system.stop();
      await bus.close();
      await cache.close();
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.rmSync(templateMediaDir, { recursive: true, force: true });
    },
  };
}
