import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadServiceDefinition } from '@inbox/contracts';
import {
  CallerTokenCache,
  closeHttpServer,
  createLogger,
  createRateLimiter,
  DomainError,
  generateSigningKeys,
  MemoryCache,
  startGrpcServer,
  type CallerContext,
  type UnaryImpl,
} from '@inbox/platform';
import { createGatewayApp } from '../app';
import type { ApiKeyUsageRecorder } from '../auth/api-key-usage';
import { Authenticator } from '../auth/authenticator';
import { connectAnalytics, type DirectoryApi } from '../clients';
import type { GatewayContext } from '../context';

const SECRET = 'analytics-stand-in-secret-of-32-chars-or-more';
/** API keys the stand-in directory knows: an Admin's and an Agent's, of organization 7. */
export const ADMIN_KEY = 'ibx_analytics_admin';
export const AGENT_KEY = 'ibx_analytics_agent';

export type ReportAnswer = (request: Record<string, unknown>, caller: CallerContext) => Promise<unknown>;

export interface ReceivedReport {
  method: string;
  request: Record<string, unknown>;
  caller: CallerContext;
}

const directory = {
  anonymous: async (_method: string, request: { key?: string }) => {
    const role = request.key === ADMIN_KEY ? 'ADMIN' : request.key === AGENT_KEY ? 'AGENT' : undefined;
    if (!role) throw new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Invalid API key');
    return { orgId: 7, kind: 'API_KEY', id: `key-${role}`, role, userId: `user-${role}` };
  },
} as unknown as DirectoryApi;

const LIMITS = {
  RATE_LIMIT_PER_MINUTE: 10_000,
  LOGIN_LIMIT_PER_ACCOUNT: 10,
  LOGIN_LIMIT_PER_IP: 100,
  LOGIN_WINDOW_SECONDS: 900,
  ACCEPT_INVITE_LIMIT_PER_IP: 20,
  AUTH_FAILURES_PER_IP: 1_000,
  AUTH_FAILURE_WINDOW_SECONDS: 300,
  TEMPLATE_SYNC_LIMIT_PER_HOUR: 12,
};

/**
 * The real gateway app in front of a stand-in analytics service: a real gRPC server (proto
 * encoding, signed caller context, error mapping) whose methods answer what `answer` gives them
 * (as `{ json }`). Every call is recorded in `received`.
 */
export async function startAnalyticsStandIn(answer: (method: string) => ReportAnswer) {
  const logger = createLogger('analytics-stand-in', 'silent');
  const received: ReceivedReport[] = [];
  const definition = loadServiceDefinition('analytics.v1.AnalyticsService');
  const implementation: Record<string, UnaryImpl<never, unknown>> = {};
  for (const method of Object.keys(definition))
    implementation[method] = async (request: never, caller: CallerContext) => {
      received.push({ method, request: request as Record<string, unknown>, caller });
      return { json: JSON.stringify(await answer(method)(request, caller)) };
    };
  const grpc = await startGrpcServer(
    {
      logger,
      internalAuthSecret: SECRET,
      services: [{ definition, implementation }],
      readiness: async () => true,
    },
    '127.0.0.1:0',
  );
  const cache = new MemoryCache();
  const rateLimiter = createRateLimiter(cache);
  const callerTokens = new CallerTokenCache(SECRET);
  const analytics = connectAnalytics(`127.0.0.1:${grpc.port}`, callerTokens);
  const ctx = {
    analytics,
    authenticator: new Authenticator({
      cache,
      rateLimiter,
      directory,
      publicKeyPem: generateSigningKeys().publicKeyPem,
      usage: { used: () => undefined } as unknown as ApiKeyUsageRecorder,
      limits: LIMITS,
    }),
    callerTokens,
    cache,
    rateLimiter,
    logger,
    limits: LIMITS,
    readiness: [],
  } as unknown as GatewayContext;
  const server = http.createServer(createGatewayApp(ctx));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    received,
    stop: async () => {
      await closeHttpServer(server);
      analytics.close();
      await grpc.shutdown(1_000);
    },
  };
}
