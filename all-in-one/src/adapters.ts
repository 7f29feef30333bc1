import path from 'node:path';
import {
  createCache,
  DurableBus,
  openPglite,
  openPostgres,
  RabbitMqBus,
  type Cache,
  type Database,
  type EventBus,
  type Logger,
} from '@inbox/platform';

export interface Adapters {
  database: Database;
  bus: EventBus;
  cache: Cache;
  close(): Promise<void>;
}

/**
 * Embedded by default (PGlite under dataDir, a durable bus in that database, memory cache); real
 * servers where URLs are given. Without a broker the bus lives in the database, so nothing accepted is lost.
 */
export async function openAdapters(
  urls: { databaseUrl?: string; amqpUrl?: string; redisUrl?: string },
  dataDir: string | undefined,
  logger: Logger,
): Promise<Adapters> {
  const database = urls.databaseUrl
    ? openPostgres(urls.databaseUrl)
    : await openPglite(dataDir && path.join(dataDir, 'pglite'));
  const bus: EventBus = urls.amqpUrl
    ? await RabbitMqBus.connect(urls.amqpUrl, logger)
    : await DurableBus.open(database, logger);
  const cache = createCache(urls.redisUrl, { logger });
  return {
    database,
    bus,
    cache,
    close: async () => {
      await bus.close();
      await cache.close();
      await database.close();
    },
  };
}
