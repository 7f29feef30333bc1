import type { Cache, CallerTokenCache, Logger, RateLimiter } from '@inbox/platform';
import type { ApiKeyUsageRecorder } from './auth/api-key-usage';
import type { Authenticator } from './auth/authenticator';
import type { DirectoryApi } from './clients';
import type { RateLimitSettings } from './config';

/** A dependency the readiness check asks; `ok: false` makes /ready answer 503 naming it. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<{ ok: boolean; detail: string }>;
}

/** Everything routes may use, built once at start-up and passed as a plain object. */
export interface GatewayContext {
  directory: DirectoryApi;
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
