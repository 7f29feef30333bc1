import {
  callerSecrets,
  FsBlobStore,
  migrateAndStartRelay,
  serviceReadiness,
  startGrpcServer,
  type BlobStore,
  type Database,
  type EventBus,
  type Logger,
  type MigrationMode,
} from '@inbox/platform';
import { startConsumers } from './consumers';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
import { outbox, processedEvents } from './db/schema';
import { cloudApiFor, type TemplatesDeps, type TemplatesSettings, type WhatsAppFactory } from './deps';
import { createTemplatesEventRecorder } from './events';
import { startInternalHttp } from './http/server';
import type { InboxPort } from './inbox-client';
import { templatesBinding } from './service';
import { startPeriodicSync } from './usecases/sync/periodic-sync';

export interface TemplatesAppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** DB_MIGRATIONS: `check` when the migrate step ran before the rollout (default `apply`). */
  migrations?: MigrationMode;
  /** The inbox, which owns channels and messages (closed by stop()). */
  inbox: InboxPort;
  internalAuthSecret: string;
  /** INTERNAL_AUTH_SECRET_PREVIOUS: callers signing with it are accepted too, while it is rotated. */
  previousInternalAuthSecret?: string;
  settings: TemplatesSettings;
  /** Where header samples are kept: `settings.mediaDir` unless given (BLOB_STORE=s3 in the distributed mode). */
  blobs?: BlobStore;
  /** Seconds between periodic syncs with WhatsApp; 0 turns them off. */
  syncIntervalSeconds: number;
  grpcAddress: string;
  httpPort: number;
  httpHost?: string;
  /** The Cloud API client of a channel; the real one unless a test says otherwise. */
  whatsappFor?: WhatsAppFactory;
}

export interface TemplatesApp {
  grpcPort: number;
  httpPort: number;
  deps: TemplatesDeps;
  /** Drain HTTP and gRPC, stop the sync and flush the outbox. The database and bus belong to the caller. */
  stop(): Promise<void>;
}

/** Boot order: migrations → outbox relay → deps → consumers → gRPC server → internal HTTP → periodic sync. */
export async function startTemplatesApp(options: TemplatesAppOptions): Promise<TemplatesApp> {
  const { database, bus, logger } = options;
  const relay = await migrateAndStartRelay(
    database,
    { schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER, tables: { outbox, processedEvents } },
    bus,
    logger,
    { migrations: options.migrations },
  );
  const deps: TemplatesDeps = {
    db: database.db,
    events: createTemplatesEventRecorder(relay, () => new Date()),
    inbox: options.inbox,
    whatsappFor: options.whatsappFor ?? cloudApiFor,
    blobs: options.blobs ?? new FsBlobStore(options.settings.mediaDir),
    settings: options.settings,
    logger,
    now: () => new Date(),
  };
  await startConsumers(deps, bus);
  const secrets = callerSecrets(options.internalAuthSecret, options.previousInternalAuthSecret);
  const server = await startGrpcServer(
    {
      logger,
      internalAuthSecret: secrets,
      services: [templatesBinding(deps)],
      readiness: serviceReadiness(database, bus),
    },
    options.grpcAddress,
  );
  const http = await startInternalHttp(deps, secrets, options.httpPort, options.httpHost);
  const sync = startPeriodicSync(deps, options.syncIntervalSeconds);
  logger.info({ grpcPort: server.port, httpPort: http.port }, 'templates listening');
  let stopping: Promise<void> | undefined;
  return {
    grpcPort: server.port,
    httpPort: http.port,
    deps,
    stop: () =>
      (stopping ??= (async () => {
        await sync.stop();
        await http.stop();
        await server.shutdown();
        await relay.stop();
        options.inbox.close();
      })()),
  };
}
