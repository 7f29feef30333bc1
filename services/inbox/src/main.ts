import {
  blobStoreFromConfig,
  connectServiceBus,
  openServiceDatabase,
  runMain,
  startServiceProcess,
} from '@inbox/platform';
import { startInboxApp } from './app';
import { inboxConfigSchema, llmOptions } from './config';
import { grpcDirectoryLookup } from './directory-lookup';

/**
 * The inbox service alone (distributed mode): config → metrics → adapters → consumers → gRPC →
 * internal HTTP; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const started = await startServiceProcess(inboxConfigSchema, 'inbox');
  const { config, logger, shutdown } = started;
  const database = await openServiceDatabase(started);
  const bus = await connectServiceBus(started);
  const channel =
    config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_WABA_ID && config.WHATSAPP_ACCESS_TOKEN
      ? {
          orgId: config.BOOTSTRAP_CLIENT_ID,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          wabaId: config.WHATSAPP_WABA_ID,
          accessToken: config.WHATSAPP_ACCESS_TOKEN,
          displayPhoneNumber: config.WHATSAPP_DISPLAY_PHONE_NUMBER,
          apiBaseUrl: config.WHATSAPP_API_BASE_URL,
          apiVersion: config.WHATSAPP_API_VERSION,
        }
      : undefined;
  await shutdown.start(
    'http, grpc and outbox',
    startInboxApp({
      migrations: config.DB_MIGRATIONS,
      database,
      bus,
      logger,
      directory: grpcDirectoryLookup(config.DIRECTORY_GRPC_ADDR, config.INTERNAL_AUTH_SECRET),
      internalAuthSecret: config.INTERNAL_AUTH_SECRET,
      previousInternalAuthSecret: config.INTERNAL_AUTH_SECRET_PREVIOUS,
      encryptionKey: config.INBOX_ENCRYPTION_KEY,
      previousEncryptionKeys: config.INBOX_PREVIOUS_ENCRYPTION_KEYS,
      mediaDir: config.MEDIA_DIR,
      blobs: blobStoreFromConfig(config.blobStore),
      settings: {
        defaultApiBaseUrl: config.WHATSAPP_API_BASE_URL,
        defaultApiVersion: config.WHATSAPP_API_VERSION,
        allowedApiBaseUrls: config.WHATSAPP_ALLOWED_API_BASE_URLS,
        ingestBatchSize: config.INBOX_INGEST_BATCH,
      },
      llm: llmOptions(config),
      grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
      httpPort: config.HTTP_PORT,
      bootstrapChannel: channel,
    }),
    (app) => app.stop(),
  );
}

runMain(main);
