import {
  callerSecrets,
  prepareSchema,
  serviceReadiness,
  startGrpcServer,
  type Database,
  type EventBus,
  type Logger,
  type MigrationMode,
} from '@inbox/platform';
import { subscribeAnalyticsEvents } from './consumers/events.consumer';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
import type { AnalyticsDeps, ReportCache } from './deps';
import { analyticsBinding } from './service';

export interface AnalyticsAppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** DB_MIGRATIONS: `check` when the migrate step ran before the rollout (default `apply`). */
  migrations?: MigrationMode;
  /** Computed reports: Redis (shared by replicas) or bounded memory; the caller's to close. */
  cache: ReportCache;
  internalAuthSecret: string;
  /** INTERNAL_AUTH_SECRET_PREVIOUS: callers signing with it are accepted too, while it is rotated. */
  previousInternalAuthSecret?: string;
  grpcAddress: string;
  /** The service's clock (tests move it). */
  now?: () => Date;
}

export interface AnalyticsApp {
  grpcPort: number;
  deps: AnalyticsDeps;
  /** Drains gRPC. Database, bus and cache belong to the caller. */
  stop(): Promise<void>;
}

/**
 * Boot order: migrations → deps → the events consumer (analytics.events) → gRPC server. The
 * service publishes no events, so no outbox relay runs (the outbox table is only the platform's
 * shape of every schema).
 */
export async function startAnalyticsApp(options: AnalyticsAppOptions): Promise<AnalyticsApp> {
  const { database, bus, logger } = options;
  await prepareSchema(
    database,
    { service: 'analytics', schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER },
    options.migrations ?? 'apply',
    logger,
  );
  const deps: AnalyticsDeps = {
    db: database.db,
    cache: options.cache,
    logger,
    now: options.now ?? (() => new Date()),
  };
  await subscribeAnalyticsEvents(deps, bus);
  const server = await startGrpcServer(
    {
      logger,
      internalAuthSecret: callerSecrets(options.internalAuthSecret, options.previousInternalAuthSecret),
      services: [analyticsBinding(deps)],
      readiness: serviceReadiness(database, bus),
    },
    options.grpcAddress,
  );
  logger.info({ grpcPort: server.port }, 'analytics listening');
  let stopping: Promise<void> | undefined;
  return {
    grpcPort: server.port,
    deps,
    stop: () => (stopping ??= server.shutdown()),
  };
}
