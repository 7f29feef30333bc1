import type { Cache, CallerTokenCache, Logger, RateLimiter } from '@inbox/platform';
import type { ApiKeyUsageRecorder } from './auth/api-key-usage';
import type { Authenticator } from './auth/authenticator';
import type { EventBus } from '@inbox/platform';
import type { AnalyticsApi, CampaignsApi, DirectoryApi, InboxApi, TemplatesApi } from './clients';
import type { Forward } from './http/proxy';
import type { LiveHub } from './live/live-hub';
import type { RateLimitSettings } from './config';

/**
 * A dependency /ready reports. An essential one (a service and its database) down makes /ready
 * answer 503; any other only makes it "degraded". Kubernetes probes /health, never this: a
 * dependency's outage must not take every gateway replica out of the load balancer.
 */
export interface ReadinessCheck {
  name: string;
  essential: boolean;
  check: () => Promise<{ ok: boolean; detail: string }>;
}

/** Everything routes may use, built once at start-up and passed as a plain object. */
export interface GatewayContext {
  directory: DirectoryApi;
  inbox: InboxApi;
  templates: TemplatesApi;
  campaigns: CampaignsApi;
  analytics: AnalyticsApi;
  /** Multipart uploads and media streams go to the inbox's internal HTTP port. */
  forwardToInbox: Forward;
  /** Header media uploads and downloads go to the templates service's internal HTTP port. */
  forwardToTemplates: Forward;
  /** CSV imports and exports go to the campaigns service's internal HTTP port. */
  forwardToCampaigns: Forward;
  live: LiveHub;
  bus: EventBus;
  authenticator: Authenticator;
  usage: ApiKeyUsageRecorder;
  callerTokens: CallerTokenCache;
  cache: Cache;
  rateLimiter: RateLimiter;
  logger: Logger;
  limits: RateLimitSettings;
  /** Unset: the platform API answers 404. */
  platformToken?: string;
  readiness: ReadinessCheck[];
}
