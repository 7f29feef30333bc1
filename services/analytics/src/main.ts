import {
  createLogger,
  handleShutdown,
  loadConfig,
  openPostgres,
  RabbitMqBus,
  runMain,
  startMetricsServer,
} from '@inbox/platform';
import { startAnalyticsApp } from './app';
import { createReportCache } from './cache/report-cache';
import { analyticsConfigSchema } from './config';

/**
 * The analytics service alone (distributed mode): the events consumer and the reports over gRPC.
 * config → metrics → database → bus → cache → app; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const config = loadConfig(analyticsConfigSchema);
  const logger = createLogger('analytics', config.LOG_LEVEL);
  const shutdown = handleShutdown(logger);
  if (config.METRICS_PORT) {
    const metrics = startMetricsServer({ port: config.METRICS_PORT, logger });
    await shutdown.start('metrics', metrics, (m) => m.close());
  }
  const database = await shutdown.start('database', openPostgres(config.databaseUrl), (d) => d.close());
  const bus = await shutdown.start(
    'bus',
    RabbitMqBus.connect(config.AMQP_URL, logger, {
      namespace: config.AMQP_NAMESPACE,
      queueType: config.AMQP_QUEUE_TYPE,
    }),
    (b) => b.close(),
  );
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
      grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
    }),
    (app) => app.stop(),
  );
}

runMain(main);
