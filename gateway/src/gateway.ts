import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadServiceConstructor } from '@inbox/contracts';
import {
  closeHttpServer,
  CallerTokenCache,
  checkHealth,
  type Cache,
  type EventBus,
  type Logger,
  type RateLimiter,
} from '@inbox/platform';
import { createGatewayApp } from './app';
import { ApiKeyUsageRecorder } from './auth/api-key-usage';
import { Authenticator } from './auth/authenticator';
import { subscribeAuthCacheInvalidation } from './auth/cache-invalidation';
import {
  connectAnalytics,
  connectCampaigns,
  connectDirectory,
  connectInbox,
  connectTemplates,
} from './clients';
import type { RateLimitSettings } from './config';
import type { GatewayContext, ReadinessCheck } from './context';
import { createForwarder } from './http/proxy';
import type { WebhookSettings } from './ingress/whatsapp-webhooks';
import { LiveHub } from './live/live-hub';

export interface GatewayOptions {
  port: number;
  host?: string;
  directoryAddress: string;
  inboxAddress: string;
  /** The inbox's internal HTTP base URL (multipart uploads, media). */
  inboxHttpUrl: string;
  templatesAddress: string;
  /** The templates service's internal HTTP base URL (header media). */
  templatesHttpUrl: string;
  campaignsAddress: string;
  /** The campaigns service's internal HTTP base URL (CSV import, exports). */
  campaignsHttpUrl: string;
  /** The analytics service (reports). */
  analyticsAddress: string;
  /** Unset: the webhook endpoints answer 404 (no Meta app configured). */
  webhooks?: WebhookSettings;
  cache: Cache;
  rateLimiter: RateLimiter;
  bus: EventBus;
  logger: Logger;
  internalAuthSecret: string;
  publicKeyPem: string;
  /** JWT_PREVIOUS_PUBLIC_KEY: tokens its private key signed stay valid while the key pair is rotated. */
  previousPublicKeyPem?: string;
  platformToken?: string;
  limits: RateLimitSettings;
  trustProxy?: number;
}

export interface RunningGateway {
  port: number;
  ctx: GatewayContext;
  /** Stops taking requests, finishes in-flight ones, flushes API-key usage. */
  stop(): Promise<void>;
}

/** A service is ready when its health service says so: it answers, and its database does. */
function grpcReadiness(name: string, address: string, essential = true): ReadinessCheck {
  const health = loadServiceConstructor('grpc.health.v1.Health');
  return {
    name,
    essential,
    check: async () => {
      const r = await checkHealth(health, address);
      return { ok: r.serving, detail: r.detail };
    },
  };
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { logger, cache, bus } = options;
  const callerTokens = new CallerTokenCache(options.internalAuthSecret);
  const directory = connectDirectory(options.directoryAddress, callerTokens);
  const usage = new ApiKeyUsageRecorder(
    (usages) => directory.anonymous('RecordApiKeyUsage', { usages }).then(() => undefined),
    logger,
  );
  usage.start();
  const authenticator = new Authenticator({
    cache,
    rateLimiter: options.rateLimiter,
    directory,
    publicKeyPem: options.publicKeyPem,
    previousPublicKeyPem: options.previousPublicKeyPem,
    usage,
    limits: options.limits,
  });
  await subscribeAuthCacheInvalidation(bus, authenticator);
  const live = new LiveHub();
  await live.start(bus);

  const ctx: GatewayContext = {
    directory,
    inbox: connectInbox(options.inboxAddress, callerTokens),
    templates: connectTemplates(options.templatesAddress, callerTokens),
    campaigns: connectCampaigns(options.campaignsAddress, callerTokens),
    analytics: connectAnalytics(options.analyticsAddress, callerTokens),
    forwardToInbox: createForwarder(options.inboxHttpUrl, logger),
    forwardToTemplates: createForwarder(options.templatesHttpUrl, logger),
    forwardToCampaigns: createForwarder(options.campaignsHttpUrl, logger),
    live,
    bus,
    authenticator,
    usage,
    callerTokens,
    cache,
    rateLimiter: options.rateLimiter,
    logger,
    limits: options.limits,
    platformToken: options.platformToken,
    readiness: [
      grpcReadiness('directory', options.directoryAddress),
      grpcReadiness('inbox', options.inboxAddress),
      grpcReadiness('templates', options.templatesAddress),
      grpcReadiness('campaigns', options.campaignsAddress),
      // Reports only: while analytics is down the inbox works, so the gateway stays ready (degraded).
      grpcReadiness('analytics', options.analyticsAddress, false),
      // Webhooks and live events need the broker; without Redis, limits count in memory.
      {
        name: 'bus',
        essential: false,
        check: async () => ({ ok: bus.healthy(), detail: bus.healthy() ? bus.kind : 'disconnected' }),
      },
      {
        name: 'cache',
        essential: false,
        check: async () =>
          (await cache.healthy())
            ? { ok: true, detail: cache.kind }
            : { ok: false, detail: 'not answering (limits count in memory)' },
      },
    ],
  };
  const server = http.createServer(
    createGatewayApp(ctx, { trustProxy: options.trustProxy, webhooks: options.webhooks }),
  );
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, 'gateway listening');
  return {
    port,
    ctx,
    stop: async () => {
      live.stop();
      await closeHttpServer(server);
      await usage.stop();
      directory.close();
      ctx.inbox.close();
      ctx.templates.close();
      ctx.campaigns.close();
      ctx.analytics.close();
    },
  };
}
