import type { EventBus } from '../bus/bus';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { OutboxTables } from './outbox';
import { OutboxRelay } from './outbox-relay';

export interface ServiceStorage {
  /** The service's PostgreSQL schema and the folder of its migrations. */
  schema: string;
  migrationsFolder: string;
  tables: OutboxTables;
}

/**
 * The first two steps of every service's boot: its migrations, then the relay that publishes its
 * outbox. An embedded database has one owning process, so leases found at start belong to a
 * process that died and go at once.
 */
export async function migrateAndStartRelay(
  database: Database,
  storage: ServiceStorage,
  bus: Pick<EventBus, 'publish'>,
  logger: Logger,
): Promise<OutboxRelay> {
  await database.migrate(storage.schema, storage.migrationsFolder);
  const relay = new OutboxRelay({
    db: database.db,
    tables: storage.tables,
    bus,
    logger,
    releaseLeasesOnStart: database.kind === 'pglite',
  });
  relay.start();
  return relay;
}

/** A service's gRPC readiness: its database answers and, when it consumes events, its bus is up. */
export const serviceReadiness =
  (database: Pick<Database, 'ping'>, bus?: Pick<EventBus, 'healthy'>) => async (): Promise<boolean> => {
    await database.ping();
    return bus ? bus.healthy() : true;
  };
