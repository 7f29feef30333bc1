import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createLogger, loadConfig, loadOrCreateSigningKeys, onShutdown, runMain } from '@inbox/platform';
import { createMailer } from '@inbox/directory';
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

/** `npm start`: the whole product in one process, nothing to install. */
async function main(): Promise<void> {
  const config = loadConfig(allInOneConfigSchema);
  const logger = createLogger('inbox', config.LOG_LEVEL);
  const dataDir = path.resolve(config.DATA_DIR);
  const adapters = await openAdapters(
    { databaseUrl: config.DATABASE_URL, amqpUrl: config.AMQP_URL, redisUrl: config.REDIS_URL },
    dataDir,
    logger,
  );
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const system = await startSystem({
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
        }
      : undefined,
    port: config.PORT,
    host: config.HOST,
    publicUrl,
    platformToken: config.PLATFORM_TOKEN,
    limits: config,
    bootstrap: {
      clientId: config.BOOTSTRAP_CLIENT_ID,
      name: config.BOOTSTRAP_ORGANIZATION_NAME,
      adminEmail: config.BOOTSTRAP_ADMIN_EMAIL,
      adminName: config.BOOTSTRAP_ADMIN_NAME,
      adminPassword: config.BOOTSTRAP_ADMIN_PASSWORD,
    },
  });
  if (system.bootstrapped) {
    console.log(
      `Created organization ${config.BOOTSTRAP_CLIENT_ID} with Admin ${config.BOOTSTRAP_ADMIN_EMAIL} / ` +
        `${process.env.BOOTSTRAP_ADMIN_PASSWORD ? '(password from BOOTSTRAP_ADMIN_PASSWORD)' : config.BOOTSTRAP_ADMIN_PASSWORD}` +
        ' — set BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD to choose others.',
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
  onShutdown(logger, [
    { name: 'system', run: system.stop },
    { name: 'adapters', run: adapters.close },
  ]);
}

runMain(main);
