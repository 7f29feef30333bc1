import {
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
import { createIntelligence, type LlmOptions } from './bot/intelligence';
import { ChannelRegistry } from './channel/channel-registry';
import { SecretBox } from './channel/secret-box';
import { startConsumers } from './consumers';
import { outbox, processedEvents } from './db/schema';
import type { InboxDeps, InboxSettings } from './deps';
import type { DirectoryLookup } from './directory-lookup';
import { createInboxEventRecorder } from './events';
import { startInternalHttp } from './http/server';
import { createMediaTransfers } from './media/transfers';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
import { inboxBinding } from './service';
import { startInactiveBotSweeper } from './usecases/bot/close-inactive';
import { startStaleSendSweeper } from './usecases/messages/fail-stale-sends';
import { ensureChannel, type ChannelInput } from './usecases/settings/ensure-channel';

export interface InboxAppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** DB_MIGRATIONS: `check` when the migrate step ran before the rollout (default `apply`). */
  migrations?: MigrationMode;
  directory: DirectoryLookup;
  internalAuthSecret: string;
  encryptionKey: string;
  mediaDir: string;
  /** Where media is kept: a folder under `mediaDir` unless given (BLOB_STORE=s3 in the distributed mode). */
  blobs?: BlobStore;
  settings: InboxSettings;
  /** The bot's OpenAI-compatible model; unset: the built-in intelligence only. */
  llm?: LlmOptions;
  grpcAddress: string;
  httpPort: number;
  httpHost?: string;
  /** A channel to create for an organization when it has none (WHATSAPP_* settings, or the simulator). */
  bootstrapChannel?: { orgId: number } & ChannelInput;
}

export interface InboxApp {
  grpcPort: number;
  httpPort: number;
  deps: InboxDeps;
  stop(): Promise<void>;
}

/** Boot order: migrations → outbox relay → deps → consumers and the stale-send sweeper → gRPC server → internal HTTP. */
export async function startInboxApp(options: InboxAppOptions): Promise<InboxApp> {
  const { database, bus, logger } = options;
  const relay = await migrateAndStartRelay(
    database,
    { schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER, tables: { outbox, processedEvents } },
    bus,
    logger,
    { migrations: options.migrations },
  );
  const deps: InboxDeps = {
    db: database.db,
    events: createInboxEventRecorder(relay, () => new Date()),
    channels: new ChannelRegistry(database.db, SecretBox.fromString(options.encryptionKey)),
    directory: options.directory,
    blobs: options.blobs ?? new FsBlobStore(options.mediaDir),
    transfers: createMediaTransfers(),
    settings: options.settings,
    intelligence: createIntelligence({ llm: options.llm, logger }),
    logger,
    now: () => new Date(),
  };
  if (options.bootstrapChannel) {
    const { orgId, ...channel } = options.bootstrapChannel;
    await ensureChannel(deps, orgId, channel);
  }
  await startConsumers(deps, bus);
  const sweeper = startStaleSendSweeper(deps);
  const botSweeper = startInactiveBotSweeper(deps);
  const server = await startGrpcServer(
    {
      logger,
      internalAuthSecret: options.internalAuthSecret,
      services: [inboxBinding(deps)],
      readiness: serviceReadiness(database, bus),
    },
    options.grpcAddress,
  );
  const http = await startInternalHttp(deps, options.internalAuthSecret, options.httpPort, options.httpHost);
  logger.info({ grpcPort: server.port, httpPort: http.port }, 'inbox listening');
  let stopping: Promise<void> | undefined;
  return {
    grpcPort: server.port,
    httpPort: http.port,
    deps,
    stop: () =>
      (stopping ??= (async () => {
        await http.stop();
        await server.shutdown();
        await sweeper.stop();
        await botSweeper.stop();
        await relay.stop();
        options.directory.close();
      })()),
  };
}
