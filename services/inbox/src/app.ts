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
import { resealChannelTokens } from './usecases/settings/reseal-channel-tokens';

export interface InboxAppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** DB_MIGRATIONS: `check` when the migrate step ran before the rollout (default `apply`). */
  migrations?: MigrationMode;
  directory: DirectoryLookup;
  internalAuthSecret: string;
  /** INTERNAL_AUTH_SECRET_PREVIOUS: callers signing with it are accepted too, while it is rotated. */
  previousInternalAuthSecret?: string;
  encryptionKey: string;
  /** INBOX_PREVIOUS_ENCRYPTION_KEYS: open tokens sealed before a rotation; each start seals them again. */
  previousEncryptionKeys?: readonly string[];
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
  /**
   * Ends when the start's re-seal of channel tokens has (while INBOX_PREVIOUS_ENCRYPTION_KEYS is
   * set; at once otherwise). It runs while the inbox serves: the previous keys open those tokens.
   */
  channelTokensResealed: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Boot order: migrations → outbox relay → deps → consumers and the stale-send sweeper → gRPC
 * server → internal HTTP → (while INBOX_ENCRYPTION_KEY is rotated) channel tokens sealed again in
 * the background, so a rotation with many channels never lengthens the time to serve.
 */
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
    channels: new ChannelRegistry(
      database.db,
      SecretBox.fromString(options.encryptionKey, options.previousEncryptionKeys),
    ),
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
  const secrets = callerSecrets(options.internalAuthSecret, options.previousInternalAuthSecret);
  const server = await startGrpcServer(
    {
      logger,
      internalAuthSecret: secrets,
      services: [inboxBinding(deps)],
      readiness: serviceReadiness(database, bus),
    },
    options.grpcAddress,
  );
  const http = await startInternalHttp(deps, secrets, options.httpPort, options.httpHost);
  logger.info({ grpcPort: server.port, httpPort: http.port }, 'inbox listening');
  let stopping: Promise<void> | undefined;
  const channelTokensResealed = deps.channels.rotatingKeys
    ? resealAtStart(deps, () => stopping !== undefined)
    : Promise.resolve();
  return {
    grpcPort: server.port,
    httpPort: http.port,
    deps,
    channelTokensResealed,
    stop: () =>
      (stopping ??= (async () => {
        await http.stop();
        await server.shutdown();
        await channelTokensResealed;
        await sweeper.stop();
        await botSweeper.stop();
        await relay.stop();
        options.directory.close();
      })()),
  };
}

/**
 * Seals the channel tokens a previous INBOX_ENCRYPTION_KEY sealed again with the current one, and
 * says whether any is left (the previous keys may be dropped once none is). A failure is logged
 * only: the previous keys still open those tokens, and the next start tries again.
 */
async function resealAtStart(deps: InboxDeps, stopping: () => boolean): Promise<void> {
  try {
    const { resealed, left, unreadable, stopped } = await resealChannelTokens(deps, stopping);
    if (stopped) {
      deps.logger.info(
        { resealed },
        'channel tokens: stopping before every one was sealed again; the next start goes on',
      );
      return;
    }
    if (unreadable.length > 0)
      deps.logger.error(
        { orgIds: unreadable },
        'channel tokens no configured key opens: an Admin must enter them again (PUT /api/v1/settings/whatsapp)',
      );
    deps.logger.info(
      { resealed, left, unreadable: unreadable.length },
      left === 0 && unreadable.length === 0
        ? 'channel tokens: every one is sealed with INBOX_ENCRYPTION_KEY'
        : 'channel tokens: not every one is sealed with INBOX_ENCRYPTION_KEY (`left`: changed meanwhile, sealed again at the next start)',
    );
  } catch (error) {
    deps.logger.warn({ err: error }, 'channel tokens: sealing them again failed; the next start tries again');
  }
}
