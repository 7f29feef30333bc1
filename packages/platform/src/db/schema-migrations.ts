import type { Logger } from '../logger';
import type { Database, MigrateOptions } from './database';
import { waitForDatabase, type WaitForDatabaseOptions } from './wait-for-database';

/**
 * What a service does with its migrations at boot (DB_MIGRATIONS): `apply` them (a single
 * machine, compose), or only `check` that they were applied by the migrate step that runs before
 * a rollout (Kubernetes), so that replicas never change the schema under each other.
 */
export type MigrationMode = 'apply' | 'check';

/** Where a service's schema lives and how to bring it up to date. */
export interface ServiceSchema {
  /** Names the service in messages and in the migrate command (`services/<service>/dist/migrate.js`). */
  service: string;
  schema: string;
  migrationsFolder: string;
}

/** A service's schema is behind its code, and the process was told not to migrate it. */
export class SchemaBehindError extends Error {
  constructor(
    readonly service: string,
    readonly schema: string,
    readonly pending: string[],
  ) {
    super(
      `${service}: the database schema "${schema}" lacks ${pending.length} migration(s) of this version: ` +
        `${pending.join(', ')}. Run the migrate step first (node services/${service}/dist/migrate.js, ` +
        `the Kubernetes migrate Job), or start with DB_MIGRATIONS=apply.`,
    );
    this.name = 'SchemaBehindError';
  }
}

/**
 * Applies the service's migrations, or checks they are applied; throws SchemaBehindError when not.
 * The first thing a service does with its database at boot: a database not reachable yet is
 * waited for (bounded), so a service started during a PostgreSQL restart comes up by itself.
 */
export async function prepareSchema(
  database: Database,
  target: ServiceSchema,
  mode: MigrationMode,
  logger: Logger,
  options: MigrateOptions & WaitForDatabaseOptions = {},
): Promise<void> {
  await waitForDatabase(database, logger, options);
  if (mode === 'apply') {
    const applied = await database.migrate(target.schema, target.migrationsFolder, options);
    if (applied.length > 0) logger.info({ schema: target.schema, applied }, 'database migrations applied');
    return;
  }
  const pending = await database.pendingMigrations(target.schema, target.migrationsFolder);
  if (pending.length > 0) throw new SchemaBehindError(target.service, target.schema, pending);
}
