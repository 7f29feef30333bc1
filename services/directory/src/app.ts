import {
  callerSecrets,
  migrateAndStartRelay,
  serviceReadiness,
  startGrpcServer,
  type Database,
  type EventBus,
  type Logger,
  type MigrationMode,
} from '@inbox/platform';
import { outbox, processedEvents } from './db/schema';
import type { DirectoryDeps, DirectorySettings } from './deps';
import { createDirectoryEventRecorder } from './events';
import type { Mailer } from './mail/mailer';
import { DB_SCHEMA, directoryBinding, MIGRATIONS_FOLDER } from './service';

export interface DirectoryAppOptions {
  database: Database;
  bus: EventBus;
  mailer: Mailer;
  settings: DirectorySettings;
  logger: Logger;
  /** DB_MIGRATIONS: `check` when the migrate step ran before the rollout (default `apply`). */
  migrations?: MigrationMode;
  internalAuthSecret: string;
  /** INTERNAL_AUTH_SECRET_PREVIOUS: callers signing with it are accepted too, while it is rotated. */
  previousInternalAuthSecret?: string;
  /** host:port; port 0 picks a free one (all-in-one mode, tests). */
  grpcAddress: string;
}

export interface DirectoryApp {
  grpcPort: number;
  deps: DirectoryDeps;
  /** Drain gRPC, flush the outbox. The database and bus belong to the caller. */
  stop(): Promise<void>;
}

/** Boot order: migrations → outbox relay → use-case deps → gRPC server (the directory consumes no events). */
export async function startDirectoryApp(options: DirectoryAppOptions): Promise<DirectoryApp> {
  const { database, bus, logger } = options;
  const relay = await migrateAndStartRelay(
    database,
    { schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER, tables: { outbox, processedEvents } },
    bus,
    logger,
    { migrations: options.migrations },
  );
  const deps: DirectoryDeps = {
    db: database.db,
    events: createDirectoryEventRecorder(relay, () => new Date()),
    mailer: options.mailer,
    settings: options.settings,
    logger,
    now: () => new Date(),
  };
  const server = await startGrpcServer(
    {
      logger,
      internalAuthSecret: callerSecrets(options.internalAuthSecret, options.previousInternalAuthSecret),
      services: [directoryBinding(deps)],
      readiness: serviceReadiness(database),
    },
    options.grpcAddress,
  );
  logger.info({ port: server.port }, 'directory gRPC listening');
  let stopping: Promise<void> | undefined;
  return {
    grpcPort: server.port,
    deps,
    stop: () =>
      (stopping ??= (async () => {
        await server.shutdown();
        await relay.stop();
      })()),
  };
}
