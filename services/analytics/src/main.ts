import { createLogger, loadConfig, onShutdown, openPostgres, RabbitMqBus, runMain } from '@inbox/platform';
import { startAnalyticsApp } from './app';
import { createReportCache } from './cache/report-cache';
import { analyticsConfigSchema } from './config';

/** The analytics service alone (distributed mode): the events consumer and the reports over gRPC. */
async function main(): Promise<void> {
  const config = loadConfig(analyticsConfigSchema);
  const logger = createLogger('analytics', config.LOG_LEVEL);
  const database = openPostgres(config.databaseUrl);
  const bus = await RabbitMqBus.connect(config.AMQP_URL, logger, { namespace: config.AMQP_NAMESPACE });
  const keyPrefix = `${config.AMQP_NAMESPACE ? `${config.AMQP_NAMESPACE}:` : ''}analytics:`;
  if (!config.REDIS_URL) logger.warn('REDIS_URL is not set: each replica caches reports in its own memory');
  const { reports, cache } = createReportCache(config.REDIS_URL, { keyPrefix, logger });
  const app = await startAnalyticsApp({
    database,
    bus,
    logger,
    cache: reports,
    internalAuthSecret: config.INTERNAL_AUTH_SECRET,
    grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
  });
  onShutdown(logger, [
    { name: 'grpc', run: app.stop },
    { name: 'cache', run: () => cache.close() },
    { name: 'bus', run: () => bus.close() },
    { name: 'database', run: () => database.close() },
  ]);
}

runMain(main);
