import { createLogger, loadConfig, onShutdown, openPostgres, RabbitMqBus, runMain } from '@inbox/platform';
import { startInboxApp } from './app';
import { inboxConfigSchema, llmOptions } from './config';
import { grpcDirectoryLookup } from './directory-lookup';

/** The inbox service alone (distributed mode): config → adapters → consumers → gRPC → internal HTTP. */
async function main(): Promise<void> {
  const config = loadConfig(inboxConfigSchema);
  const logger = createLogger('inbox', config.LOG_LEVEL);
  const database = openPostgres(config.databaseUrl);
  const bus = await RabbitMqBus.connect(config.AMQP_URL, logger, { namespace: config.AMQP_NAMESPACE });
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
  const app = await startInboxApp({
    database,
    bus,
    logger,
    directory: grpcDirectoryLookup(config.DIRECTORY_GRPC_ADDR, config.INTERNAL_AUTH_SECRET),
    internalAuthSecret: config.INTERNAL_AUTH_SECRET,
    encryptionKey: config.INBOX_ENCRYPTION_KEY,
    mediaDir: config.MEDIA_DIR,
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
  });
  onShutdown(logger, [
    { name: 'http, grpc and outbox', run: app.stop },
    { name: 'bus', run: () => bus.close() },
    { name: 'database', run: () => database.close() },
  ]);
}

runMain(main);
