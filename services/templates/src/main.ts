import {
  blobStoreFromConfig,
  connectServiceBus,
  openServiceDatabase,
  runMain,
  startServiceProcess,
} from '@inbox/platform';
import { startTemplatesApp } from './app';
import { templatesConfigSchema } from './config';
import { grpcInboxPort } from './inbox-client';

/**
 * The templates service alone (distributed mode): config → metrics → adapters → consumers → gRPC →
 * internal HTTP → sync; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const started = await startServiceProcess(templatesConfigSchema, 'templates');
  const { config, logger, shutdown } = started;
  if (!config.WHATSAPP_APP_ID)
    logger.warn('WHATSAPP_APP_ID is not set: header media cannot be uploaded for templates');
  const database = await openServiceDatabase(started);
  const bus = await connectServiceBus(started);
  await shutdown.start(
    'http, grpc, sync and outbox',
    startTemplatesApp({
      migrations: config.DB_MIGRATIONS,
      database,
      bus,
      logger,
      inbox: grpcInboxPort(config.INBOX_GRPC_ADDR, config.INTERNAL_AUTH_SECRET),
      internalAuthSecret: config.INTERNAL_AUTH_SECRET,
      previousInternalAuthSecret: config.INTERNAL_AUTH_SECRET_PREVIOUS,
      blobs: blobStoreFromConfig(config.blobStore),
      settings: {
        publicUrl: config.PUBLIC_URL,
        whatsappAppId: config.WHATSAPP_APP_ID,
        mediaDir: config.MEDIA_DIR,
      },
      syncIntervalSeconds: config.TEMPLATES_SYNC_INTERVAL_SECONDS,
      grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
      httpPort: config.HTTP_PORT,
    }),
    (app) => app.stop(),
  );
}

runMain(main);
