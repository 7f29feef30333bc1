import type { Cache, Database, EventBus, Logger, SigningKeys } from '@inbox/platform';
import { createRateLimiter, forService } from '@inbox/platform';
import { ensureOrganization, startDirectoryApp, type DirectoryApp, type Mailer } from '@inbox/directory';
import { grpcDirectoryLookup, startInboxApp, type InboxApp, type LlmOptions } from '@inbox/inbox';
import { startGateway, type RateLimitSettings, type RunningGateway } from '@inbox/gateway';
import { grpcInboxPort, startTemplatesApp, type TemplatesApp } from '@inbox/templates';
import {
  createMemorySendRate,
  grpcInboxPort as campaignsInboxPort,
  grpcTemplatesPort,
  loadPricing,
  startCampaignsApp,
  type CampaignsApp,
  type CampaignsSettings,
} from '@inbox/campaigns';
import { createReportCache, startAnalyticsApp, type AnalyticsApp } from '@inbox/analytics';
import { wireWhatsApp, type RealWhatsApp, type WhatsAppWiring } from './whatsapp';

export interface Bootstrap {
  clientId: number;
  name: string;
  adminEmail: string;
  adminName: string;
  adminPassword: string;
}

export interface SystemOptions {
  database: Database;
  bus: EventBus;
  cache: Cache;
  logger: Logger;
  mailer: Mailer;
  signingKeys: SigningKeys;
  internalAuthSecret: string;
  /** 32 bytes (hex or base64) sealing channel access tokens at rest. */
  encryptionKey: string;
  mediaDir: string;
  /** Template header samples (kept to serve the header-media links WhatsApp fetches). */
  templateMediaDir: string;
  port: number;
  host?: string;
  /** Base of the links in e-mails (invitations, password resets). */
  publicUrl: string;
  /** Where the gateway is reached from outside (header-media links WhatsApp fetches); default publicUrl. */
  apiPublicUrl?: string;
  /** Seconds between syncs of every organization's templates with WhatsApp; 0 or unset: none. */
  templatesSyncIntervalSeconds?: number;
  platformToken?: string;
  limits: RateLimitSettings;
  bootstrap?: Bootstrap;
  /** Meta credentials; without them the bundled simulator stands in for the Cloud API. */
  whatsapp?: RealWhatsApp;
  /** Campaign sending: a fixed send rate, slice size… over the defaults; the operator's rate card file. */
  campaigns?: Partial<CampaignsSettings> & { rateCardFile?: string; schedulerIntervalMs?: number };
  /** The bot's OpenAI-compatible model (LLM_*); unset: the built-in intelligence only. */
  llm?: LlmOptions;
}

/** The in-process campaign worker's settings: the distributed mode's defaults (config.ts there). */
const CAMPAIGN_DEFAULTS: CampaignsSettings = {
  standardSendRate: 80,
  highSendRate: 1000,
  sliceSize: 100,
  sendConcurrency: 64,
  leaseSeconds: 120,
  workerId: `all-in-one:${process.pid}`,
};

export interface RunningSystem {
  port: number;
  directory: DirectoryApp;
  inbox: InboxApp;
  templates: TemplatesApp;
  campaigns: CampaignsApp;
  analytics: AnalyticsApp;
  gateway: RunningGateway;
  whatsapp: WhatsAppWiring;
  /** Whether this start created the bootstrap organization. */
  bootstrapped: boolean;
  /** Gateway first (no new requests), then services; adapters belong to the caller. */
  stop(): Promise<void>;
}

/** Every service and the gateway in one process, talking real gRPC over loopback. */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const { logger } = options;
  // First: its queue exists before any other service publishes (the bootstrap Admin's user.created
  // included); it calls no service. Reports in their own bounded memory, apart from the shared
  // cache (sessions, limits).
  const reportCache = createReportCache(undefined, { keyPrefix: 'analytics:' });
  const analytics = await startAnalyticsApp({
    database: options.database,
    bus: options.bus,
    logger: forService(logger, 'analytics'),
    cache: reportCache.reports,
    internalAuthSecret: options.internalAuthSecret,
    grpcAddress: '127.0.0.1:0',
  });
  const directory = await startDirectoryApp({
    database: options.database,
    bus: options.bus,
    mailer: options.mailer,
    logger: forService(logger, 'directory'),
    internalAuthSecret: options.internalAuthSecret,
    grpcAddress: '127.0.0.1:0',
    settings: {
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      invitationTtlHours: 168,
      passwordResetTtlHours: 24,
      publicUrl: options.publicUrl,
      signingKeys: options.signingKeys,
    },
  });
  const b = options.bootstrap;
  const bootstrapped = b
    ? await ensureOrganization(directory.deps, {
        clientId: b.clientId,
        name: b.name,
        admin: { email: b.adminEmail, name: b.adminName, password: b.adminPassword },
      })
    : false;
  const whatsapp = await wireWhatsApp(options.whatsapp);
  const directoryAddress = `127.0.0.1:${directory.grpcPort}`;
  const inbox = await startInboxApp({
    database: options.database,
    bus: options.bus,
    logger: forService(logger, 'inbox'),
    directory: grpcDirectoryLookup(directoryAddress, options.internalAuthSecret),
    internalAuthSecret: options.internalAuthSecret,
    encryptionKey: options.encryptionKey,
    mediaDir: options.mediaDir,
    settings: {
      defaultApiBaseUrl: whatsapp.channel.apiBaseUrl,
      defaultApiVersion: whatsapp.channel.apiVersion,
      allowedApiBaseUrls: [],
    },
    llm: options.llm,
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
    bootstrapChannel: b ? { orgId: b.clientId, ...whatsapp.channel } : undefined,
  });
  const inboxAddress = `127.0.0.1:${inbox.grpcPort}`;
  const templates = await startTemplatesApp({
    database: options.database,
    bus: options.bus,
    logger: forService(logger, 'templates'),
    inbox: grpcInboxPort(inboxAddress, options.internalAuthSecret),
    internalAuthSecret: options.internalAuthSecret,
    settings: {
      publicUrl: options.apiPublicUrl ?? options.publicUrl,
      whatsappAppId: whatsapp.appId,
      mediaDir: options.templateMediaDir,
    },
    syncIntervalSeconds: options.templatesSyncIntervalSeconds ?? 0,
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
  });
  const { rateCardFile, schedulerIntervalMs, ...campaignSettings } = options.campaigns ?? {};
  const sendRate = createMemorySendRate();
  // The API and a worker in this process; the send rate counted in memory (one process).
  const campaigns = await startCampaignsApp({
    database: options.database,
    bus: options.bus,
    logger: forService(logger, 'campaigns'),
    inbox: campaignsInboxPort(inboxAddress, options.internalAuthSecret),
    templates: grpcTemplatesPort(`127.0.0.1:${templates.grpcPort}`, options.internalAuthSecret),
    internalAuthSecret: options.internalAuthSecret,
    settings: { ...CAMPAIGN_DEFAULTS, ...campaignSettings },
    sendRate,
    cache: options.cache,
    pricing: loadPricing(rateCardFile),
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
    schedulerIntervalMs: schedulerIntervalMs ?? 5000,
    worker: true,
  });
  const gateway = await startGateway({
    port: options.port,
    host: options.host,
    directoryAddress,
    inboxAddress,
    inboxHttpUrl: `http://127.0.0.1:${inbox.httpPort}`,
    templatesAddress: `127.0.0.1:${templates.grpcPort}`,
    templatesHttpUrl: `http://127.0.0.1:${templates.httpPort}`,
    campaignsAddress: `127.0.0.1:${campaigns.grpcPort}`,
    campaignsHttpUrl: `http://127.0.0.1:${campaigns.httpPort}`,
    analyticsAddress: `127.0.0.1:${analytics.grpcPort}`,
    webhooks: whatsapp.webhooks,
    cache: options.cache,
    rateLimiter: createRateLimiter(options.cache),
    bus: options.bus,
    logger: forService(logger, 'gateway'),
    internalAuthSecret: options.internalAuthSecret,
    publicKeyPem: options.signingKeys.publicKeyPem,
    platformToken: options.platformToken,
    limits: options.limits,
  });
  whatsapp.connect(gateway.port);
  return {
    port: gateway.port,
    directory,
    inbox,
    templates,
    campaigns,
    analytics,
    gateway,
    whatsapp,
    bootstrapped,
    stop: async () => {
      await gateway.stop();
      // Before templates and the inbox, which it calls; the worker waits for its sends' outcomes.
      await campaigns.stop();
      await sendRate.close();
      // Before the inbox: its sends and webhook consumers call the inbox.
      await templates.stop();
      await inbox.stop();
      await directory.stop();
      // Last of the services: it only consumes what the others publish.
      await analytics.stop();
      await reportCache.cache.close();
      await whatsapp.stop();
    },
  };
}
