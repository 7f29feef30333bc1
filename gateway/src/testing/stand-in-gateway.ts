import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadServiceDefinition, type KnownServiceName } from '@inbox/contracts';
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
import type { DirectoryApi } from '../clients';
import type { GatewayContext } from '../context';

const SECRET = 'stand-in-gateway-secret-of-32-chars-or-more';

/** Generous limits: route tests are about routes, not about being throttled. */
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

/** One call the stand-in service received. */
export interface StandInCall {
  method: string;
  request: Record<string, unknown>;
  caller: CallerContext;
}

export interface StandInOptions {
  service: KnownServiceName;
  /** API keys the stand-in directory knows, of `orgId`: an Admin's and an Agent's. */
  keys: { admin: string; agent: string };
  orgId: number;
  /** What a method answers; it may throw a DomainError to answer an error. */
  answer: (method: string, request: never, caller: CallerContext) => Promise<unknown>;
  /** The gateway's client of that service, and where the gateway context keeps it. */
  connect: (address: string, callerTokens: CallerTokenCache) => { close(): void };
  contextKey: keyof GatewayContext;
  /**
   * A side server the stand-in service also runs (e.g. its internal HTTP port): started with the
   * secret that signs callers and the list to record calls in; what it adds to the gateway context.
   */
  side?: (secret: string, received: StandInCall[]) => Promise<StandInSide>;
}

export interface StandInSide {
  context: Partial<Record<keyof GatewayContext, unknown>>;
  stop(): Promise<void>;
}

/**
 * The real gateway app in front of a stand-in service: a real gRPC server (proto encoding, signed
 * caller context, error mapping) whose methods answer what a test gives them; every call is recorded.
 */
export async function startStandInGateway(options: StandInOptions) {
  const logger = createLogger('stand-in', 'silent');
  const received: StandInCall[] = [];
  const definition = loadServiceDefinition(options.service);
  const implementation: Record<string, UnaryImpl<never, unknown>> = {};
  for (const method of Object.keys(definition))
    implementation[method] = async (request: never, caller: CallerContext) => {
      received.push({ method, request: request as Record<string, unknown>, caller });
      return options.answer(method, request, caller);
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
  const { admin, agent } = options.keys;
  const directory = {
    anonymous: async (_method: string, request: { key?: string }) => {
      const role = request.key === admin ? 'ADMIN' : request.key === agent ? 'AGENT' : undefined;
      if (!role) throw new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Invalid API key');
      return { orgId: options.orgId, kind: 'API_KEY', id: `key-${role}`, role, userId: `user-${role}` };
    },
  } as unknown as DirectoryApi;
  const cache = new MemoryCache();
  const rateLimiter = createRateLimiter(cache);
  const callerTokens = new CallerTokenCache(SECRET);
  const client = options.connect(`127.0.0.1:${grpc.port}`, callerTokens);
  const side = await options.side?.(SECRET, received);
  const ctx = {
    ...side?.context,
    [options.contextKey]: client,
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
      await side?.stop();
      client.close();
      await grpc.shutdown(1_000);
    },
  };
}
