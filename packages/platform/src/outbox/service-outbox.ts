import type { EventBus } from '../bus/bus';
import type { Database, MigrateOptions } from '../db/database';
import { prepareSchema, type MigrationMode } from '../db/schema-migrations';
import type { Logger } from '../logger';
import type { OutboxTables } from './outbox';
import { OutboxRelay } from './outbox-relay';

export interface ServiceStorage {
  /** The service's PostgreSQL schema (named after the service) and the folder of its migrations. */
  schema: string;
  migrationsFolder: string;
  tables: OutboxTables;
}

export interface MigrationOptions extends MigrateOptions {
  /** `apply` (default) migrates; `check` refuses to start on a schema the migrate step has not brought up to date. */
  migrations?: MigrationMode;
}

/**
 * The first two steps of every service's boot: its migrations (applied, or checked: see
 * MigrationMode), then the relay that publishes its outbox. An embedded database has one owning
 * process, so leases found at start belong to a process that died and go at once.
 */
export async function migrateAndStartRelay(
  database: Database,
  storage: ServiceStorage,
  bus: Pick<EventBus, 'publish'>,
  logger: Logger,
  { migrations = 'apply', ...migrateOptions }: MigrationOptions = {},
): Promise<OutboxRelay> {
  await prepareSchema(
    database,
    { service: storage.schema, schema: storage.schema, migrationsFolder: storage.migrationsFolder },
    migrations,
    logger,
    migrateOptions,
  );
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
