import { connectServiceBus, openServiceDatabase, runMain, startServiceProcess } from '@inbox/platform';
import { startAnalyticsApp } from './app';
import { createReportCache } from './cache/report-cache';
import { analyticsConfigSchema } from './config';

/**
 * The analytics service alone (distributed mode): the events consumer and the reports over gRPC.
 * config → metrics → database → bus → cache → app; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const started = await startServiceProcess(analyticsConfigSchema, 'analytics');
  const { config, logger, shutdown } = started;
  const database = await openServiceDatabase(started);
  const bus = await connectServiceBus(started);
  const keyPrefix = `${config.AMQP_NAMESPACE ? `${config.AMQP_NAMESPACE}:` : ''}analytics:`;
  if (!config.REDIS_URL) logger.warn('REDIS_URL is not set: each replica caches reports in its own memory');
  const { reports } = await shutdown.start(
    'cache',
    createReportCache(config.REDIS_URL, { keyPrefix, logger }),
    (created) => created.cache.close(),
  );
  await shutdown.start(
    'grpc',
    startAnalyticsApp({
      migrations: config.DB_MIGRATIONS,
      database,
      bus,
      logger,
      cache: reports,
      internalAuthSecret: config.INTERNAL_AUTH_SECRET,
      previousInternalAuthSecret: config.INTERNAL_AUTH_SECRET_PREVIOUS,
      grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
    }),
    (app) => app.stop(),
  );
}

runMain(main);
