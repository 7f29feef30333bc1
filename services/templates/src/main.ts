import { createLogger, loadConfig, onShutdown, openPostgres, RabbitMqBus, runMain } from '@inbox/platform';
import { startTemplatesApp } from './app';
import { templatesConfigSchema } from './config';
import { grpcInboxPort } from './inbox-client';

/** The templates service alone (distributed mode): config → adapters → consumers → gRPC → internal HTTP → sync. */
async function main(): Promise<void> {
  const config = loadConfig(templatesConfigSchema);
  const logger = createLogger('templates', config.LOG_LEVEL);
  if (!config.WHATSAPP_APP_ID)
    logger.warn('WHATSAPP_APP_ID is not set: header media cannot be uploaded for templates');
  const database = openPostgres(config.databaseUrl);
  const bus = await RabbitMqBus.connect(config.AMQP_URL, logger, { namespace: config.AMQP_NAMESPACE });
  const app = await startTemplatesApp({
    database,
    bus,
    logger,
    inbox: grpcInboxPort(config.INBOX_GRPC_ADDR, config.INTERNAL_AUTH_SECRET),
    internalAuthSecret: config.INTERNAL_AUTH_SECRET,
    settings: {
      publicUrl: config.PUBLIC_URL,
      whatsappAppId: config.WHATSAPP_APP_ID,
      mediaDir: config.MEDIA_DIR,
    },
    syncIntervalSeconds: config.TEMPLATES_SYNC_INTERVAL_SECONDS,
    grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
    httpPort: config.HTTP_PORT,
  });
  onShutdown(logger, [
    { name: 'http, grpc, sync and outbox', run: app.stop },
    { name: 'bus', run: () => bus.close() },
    { name: 'database', run: () => database.close() },
  ]);
}

runMain(main);
