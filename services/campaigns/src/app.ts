import {
  callerSecrets,
  migrateAndStartRelay,
  serviceReadiness,
  startGrpcServer,
  type Cache,
  type Database,
  type EventBus,
  type Logger,
  type MigrationMode,
  type OutboxRelay,
} from '@inbox/platform';
import { CAMPAIGN_BODY_LIMIT_BYTES } from '@inbox/contracts';
import { startConsumers } from './consumers';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
import { outbox, processedEvents } from './db/schema';
import {
  cloudApiFor,
  type CampaignsDeps,
  type CampaignsSettings,
  type InboxPort,
  type SendRateLimiter,
  type TemplatesPort,
  type WhatsAppFactory,
} from './deps';
import { createCampaignsEventRecorder } from './events';
import { startInternalHttp } from './http/server';
import type { Pricing } from './pricing/types';
import { campaignsBinding } from './service';
import { startScheduler } from './usecases/scheduling/scheduler';
import { startCampaignWorker } from './worker';

export interface CampaignsAppOptions {
  database: Database;
  bus: EventBus;
  logger: Logger;
  /** DB_MIGRATIONS: `check` when the migrate step ran before the rollout (default `apply`). */
  migrations?: MigrationMode;
  /** The inbox (channels, conversations) and the templates service (send preparation); closed by stop(). */
  inbox: InboxPort;
  templates: TemplatesPort;
  internalAuthSecret: string;
  /** INTERNAL_AUTH_SECRET_PREVIOUS: callers signing with it are accepted too, while it is rotated. */
  previousInternalAuthSecret?: string;
  settings: CampaignsSettings;
  /** The per-number send rate shared by every worker (Redis, or memory in one process). */
  sendRate: SendRateLimiter;
  cache: Cache;
  pricing: Pricing;
  grpcAddress: string;
  httpPort: number;
  httpHost?: string;
  /** Milliseconds between scheduler passes (due SCHEDULED campaigns → QUEUED); 0 turns it off. */
  schedulerIntervalMs: number;
  /** The API: campaigns gRPC service, internal HTTP, consumers, scheduler (default true). */
  api?: boolean;
  /** The worker too: send queue consumer and lease sweeper (default false). */
  worker?: boolean;
  /** The Cloud API client of a channel; the real one unless a test says otherwise. */
  whatsappFor?: WhatsAppFactory;
  /** The service's clock (tests move it). */
  now?: () => Date;
}

export interface CampaignsApp {
  /** The gRPC port: the campaigns service (API), or only gRPC health (worker alone). */
  grpcPort: number;
  /** The internal HTTP port; undefined without the API. */
  httpPort?: number;
  deps: CampaignsDeps;
  relay: OutboxRelay;
  /** Drains HTTP, gRPC, the worker and the scheduler, then flushes the outbox. Database, bus, cache and send rate belong to the caller. */
  stop(): Promise<void>;
}

/**
 * Boot order: migrations → outbox relay → deps → consumers → gRPC server → internal HTTP →
 * scheduler → worker. Without the API only the worker and a gRPC health server run.
 */
export async function startCampaignsApp(options: CampaignsAppOptions): Promise<CampaignsApp> {
  const { database, bus, logger } = options;
  const api = options.api ?? true;
  const relay = await migrateAndStartRelay(
    database,
    { schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER, tables: { outbox, processedEvents } },
    bus,
    logger,
    { migrations: options.migrations },
  );
  const now = options.now ?? (() => new Date());
  const deps: CampaignsDeps = {
    db: database.db,
    events: createCampaignsEventRecorder(relay, now),
    inbox: options.inbox,
    templates: options.templates,
    whatsappFor: options.whatsappFor ?? cloudApiFor,
    sendRate: options.sendRate,
    cache: options.cache,
    pricing: options.pricing,
    settings: options.settings,
    logger,
    now,
  };
  if (api) await startConsumers(deps, bus);
  const secrets = callerSecrets(options.internalAuthSecret, options.previousInternalAuthSecret);
  const server = await startGrpcServer(
    {
      logger,
      internalAuthSecret: secrets,
      services: api ? [campaignsBinding(deps)] : [],
      readiness: serviceReadiness(database, bus),
      // A campaign's recipients travel in one CreateCampaign request.
      maxReceiveMessageBytes: CAMPAIGN_BODY_LIMIT_BYTES + 1024 * 1024,
    },
    options.grpcAddress,
  );
  const http = api ? await startInternalHttp(deps, secrets, options.httpPort, options.httpHost) : undefined;
  const scheduler = startScheduler(deps, api ? options.schedulerIntervalMs : 0);
  const worker = options.worker ? await startCampaignWorker(deps, bus) : undefined;
  logger.info({ grpcPort: server.port, httpPort: http?.port, api, worker: !!worker }, 'campaigns listening');
  let stopping: Promise<void> | undefined;
  return {
    grpcPort: server.port,
    httpPort: http?.port,
    deps,
    relay,
    stop: () =>
      (stopping ??= (async () => {
        await worker?.stop();
        await scheduler.stop();
        await http?.stop();
        await server.shutdown();
        await relay.stop();
        options.inbox.close();
        options.templates.close();
      })()),
  };
}
