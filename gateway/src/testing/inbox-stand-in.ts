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
import { connectInbox, type DirectoryApi } from '../clients';
import type { GatewayContext } from '../context';

const SECRET = 'inbox-stand-in-secret-of-32-chars-or-more';
/** API keys the stand-in directory knows: an Admin's and an Agent's, of organization 1. */
export const ADMIN_KEY = 'ibx_admin_key';
export const AGENT_KEY = 'ibx_agent_key';

export type InboxStandInHandler = (request: never, caller: CallerContext) => Promise<unknown>;

export interface InboxReceived {
  method: string;
  request: Record<string, unknown>;
  caller: CallerContext;
}

const directory = {
  anonymous: async (_method: string, request: { key?: string }) => {
    const role = request.key === ADMIN_KEY ? 'ADMIN' : request.key === AGENT_KEY ? 'AGENT' : undefined;
    if (!role) throw new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Invalid API key');
    return { orgId: 1, kind: 'API_KEY', id: `key-${role}`, role, userId: `user-${role}` };
  },
} as unknown as DirectoryApi;

/**
 * The real gateway app in front of a stand-in inbox: a real gRPC server (proto encoding, signed
 * caller context, error mapping) whose methods answer what a test gives them; every call is recorded.
 */
async function startInboxStandIn(handlers: Record<string, InboxStandInHandler | undefined>) {
  const logger = createLogger('inbox-stand-in', 'silent');
  const received: InboxReceived[] = [];
  const definition = loadServiceDefinition('inbox.v1.InboxService');
  const implementation: Record<string, UnaryImpl<never, unknown>> = {};
  for (const method of Object.keys(definition))
    implementation[method] = async (request: never, caller: CallerContext) => {
      received.push({ method, request: request as Record<string, unknown>, caller });
      const handler = handlers[method];
      if (!handler) throw new DomainError('unavailable', 'NOT_IN_STAND_IN', `${method} is not stood in`);
      return handler(request, caller);
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
  const limits = {
    RATE_LIMIT_PER_MINUTE: 10_000,
    LOGIN_LIMIT_PER_ACCOUNT: 10,
    LOGIN_LIMIT_PER_IP: 100,
    LOGIN_WINDOW_SECONDS: 900,
    ACCEPT_INVITE_LIMIT_PER_IP: 20,
    AUTH_FAILURES_PER_IP: 1_000,
    AUTH_FAILURE_WINDOW_SECONDS: 300,
    TEMPLATE_SYNC_LIMIT_PER_HOUR: 12,
  };
  const rateLimiter = createRateLimiter(cache);
  const callerTokens = new CallerTokenCache(SECRET);
  const inbox = connectInbox(`127.0.0.1:${grpc.port}`, callerTokens);
  const ctx = {
    inbox,
    authenticator: new Authenticator({
      cache,
      rateLimiter,
      directory,
      publicKeyPem: generateSigningKeys().publicKeyPem,
      usage: { used: () => undefined } as unknown as ApiKeyUsageRecorder,
      limits,
    }),
    callerTokens,
    cache,
    rateLimiter,
    logger,
    limits,
    readiness: [],
  } as unknown as GatewayContext;
  const server = http.createServer(createGatewayApp(ctx));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    received,
    stop: async () => {
      await closeHttpServer(server);
      inbox.close();
      await grpc.shutdown(1_000);
    },
  };
}

export interface InboxAnswer {
  status: number;
  body: (Record<string, unknown> & { errors?: Array<{ path: string; message: string }> }) | undefined;
}

/**
 * The gateway and the stand-in inbox for one test file. A test sets the answers it needs
 * (`answers.GetJob = …`), forgotten before the next; `call` sends as the Agent unless `key` says otherwise.
 */
export function inboxGatewayForTestFile() {
  const answers: Record<string, InboxStandInHandler | undefined> = {};
  let standIn: Awaited<ReturnType<typeof startInboxStandIn>>;
  beforeAll(async () => {
    standIn = await startInboxStandIn(answers);
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.received.length = 0;
    for (const method of Object.keys(answers)) delete answers[method];
  });
  const call = async (
    method: string,
    path: string,
    init: { key?: string; body?: unknown; raw?: string } = {},
  ): Promise<InboxAnswer> => {
    const key = init.key ?? AGENT_KEY;
    const json = init.body !== undefined || init.raw !== undefined;
    const res = await fetch(`${standIn.url}${path}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as InboxAnswer['body']) : undefined };
  };
  return {
    answers,
    call,
    received: () => standIn.received,
    methods: () => standIn.received.map((r) => r.method),
  };
}
