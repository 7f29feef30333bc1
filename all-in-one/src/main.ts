import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  createLogger,
  handleShutdown,
  loadConfig,
  loadOrCreateSigningKeys,
  runMain,
  startMetricsServer,
} from '@inbox/platform';
import { createMailer, newPassword } from '@inbox/directory';
import { llmOptions } from '@inbox/inbox';
import { openAdapters } from './adapters';
import { allInOneConfigSchema } from './config';
import { startSystem } from './system';

/** A secret that survives restarts of the same data directory, so issued tokens stay valid. */
function persistentSecret(
  dataDir: string,
  name: string,
  encoding: 'base64url' | 'hex' = 'base64url',
): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString(encoding);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * `npm start`: the whole product in one process, nothing to install. config → metrics → adapters
 * → system; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const config = loadConfig(allInOneConfigSchema);
  const logger = createLogger('all-in-one', config.LOG_LEVEL);
  const shutdown = handleShutdown(logger);
  if (config.METRICS_PORT) {
    const metrics = startMetricsServer({ port: config.METRICS_PORT, logger });
    await shutdown.start('metrics', metrics, (m) => m.close());
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const adapters = await shutdown.start(
    'adapters',
    openAdapters(
      { databaseUrl: config.DATABASE_URL, amqpUrl: config.AMQP_URL, redisUrl: config.REDIS_URL },
      dataDir,
      logger,
    ),
    (a) => a.close(),
  );
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // Used only if this start creates the organization; then printed once, never stored in clear.
  const adminPassword = config.BOOTSTRAP_ADMIN_PASSWORD ?? newPassword();
  const system = await shutdown.start(
    'system',
    startSystem({
      ...adapters,
      logger,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
      signingKeys: loadOrCreateSigningKeys(path.join(dataDir, 'keys')),
      internalAuthSecret: config.INTERNAL_AUTH_SECRET ?? persistentSecret(dataDir, 'internal-auth-secret'),
      encryptionKey: config.INBOX_ENCRYPTION_KEY ?? persistentSecret(dataDir, 'inbox-encryption-key', 'hex'),
      mediaDir: path.join(dataDir, 'media'),
      whatsapp: config.WHATSAPP_ACCESS_TOKEN
        ? {
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
            wabaId: config.WHATSAPP_WABA_ID!,
            accessToken: config.WHATSAPP_ACCESS_TOKEN,
            appSecret: config.WHATSAPP_APP_SECRET!,
            verifyToken: config.WHATSAPP_VERIFY_TOKEN!,
            displayPhoneNumber: config.WHATSAPP_DISPLAY_PHONE_NUMBER,
            apiBaseUrl: config.WHATSAPP_API_BASE_URL,
            apiVersion: config.WHATSAPP_API_VERSION,
            appId: config.WHATSAPP_APP_ID,
          }
        : undefined,
      templateMediaDir: path.join(dataDir, 'template-media'),
      apiPublicUrl: publicUrl,
      templatesSyncIntervalSeconds: config.TEMPLATES_SYNC_INTERVAL_SECONDS,
      llm: llmOptions(config),
      port: config.PORT,
      host: config.HOST,
      publicUrl: config.ACCOUNT_LINKS_URL ?? publicUrl,
      platformToken: config.PLATFORM_TOKEN,
      limits: config,
      bootstrap: {
        clientId: config.BOOTSTRAP_CLIENT_ID,
        name: config.BOOTSTRAP_ORGANIZATION_NAME,
        adminEmail: config.BOOTSTRAP_ADMIN_EMAIL,
        adminName: config.BOOTSTRAP_ADMIN_NAME,
        adminPassword,
      },
    }),
    (s) => s.stop(),
  );
  if (system.bootstrapped) {
    console.log(
      `Created organization ${config.BOOTSTRAP_CLIENT_ID} with Admin ${config.BOOTSTRAP_ADMIN_EMAIL} / ` +
        (config.BOOTSTRAP_ADMIN_PASSWORD
          ? '(password from BOOTSTRAP_ADMIN_PASSWORD)'
          : `${adminPassword}\n  This password is shown only now: note it, then change it (POST /api/v1/auth/change-password).` +
            '\n  Lost it? Stop the server and run: npm run admin:reset-password -- ' +
            `--client-id ${config.BOOTSTRAP_CLIENT_ID} --email ${config.BOOTSTRAP_ADMIN_EMAIL}`),
    );
  }
  if (system.whatsapp.simulatorUrl)
    console.log(
      `No WHATSAPP_* credentials: the bundled Cloud API simulator plays WhatsApp at ${system.whatsapp.simulatorUrl}` +
        ` (a customer writes: POST ${system.whatsapp.simulatorUrl}/_sim/inbound)`,
    );
  console.log(
    `Inbox API on http://localhost:${system.port}/api/v1 — docs at http://localhost:${system.port}/api/v1/docs (data in ${dataDir})`,
  );
}

runMain(main);
