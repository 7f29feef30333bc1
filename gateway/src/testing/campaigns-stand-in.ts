import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Request } from 'express';
import { loadProto } from '@inbox/contracts';
import {
  CallerTokenCache,
  closeHttpServer,
  CONTEXT_METADATA,
  createLogger,
  createRateLimiter,
  DomainError,
  MemoryCache,
  generateSigningKeys,
  startGrpcServer,
  verifyCallerToken,
  type CallerContext,
  type ServiceBinding,
  type UnaryImpl,
} from '@inbox/platform';
import { createGatewayApp } from '../app';
import type { ApiKeyUsageRecorder } from '../auth/api-key-usage';
import { Authenticator } from '../auth/authenticator';
import { connectCampaigns, type DirectoryApi } from '../clients';
import type { GatewayContext } from '../context';
import { createForwarder } from '../http/proxy';
import { defaultAnswers } from './campaign-builders';

const SECRET = 'campaigns-stand-in-secret-of-32-chars-or-more';
/** API keys the stand-in directory knows: an Admin's and an Agent's, of organization 1. */
export const ADMIN_KEY = 'ibx_admin_key';
export const AGENT_KEY = 'ibx_agent_key';

export type StandInHandler = (request: never, caller: CallerContext) => Promise<unknown>;

/** One call the stand-in campaigns service received. */
export interface Received {
  method: string;
  request: Record<string, unknown>;
  caller: CallerContext;
}

/** The directory's API-key lookup, for the two keys above. */
const directory = {
  anonymous: async (_method: string, request: { key?: string }) => {
    const role = request.key === ADMIN_KEY ? 'ADMIN' : request.key === AGENT_KEY ? 'AGENT' : undefined;
    if (!role) throw new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Invalid API key');
    return { orgId: 1, kind: 'API_KEY', id: `key-${role}`, role, userId: `user-${role}` };
  },
} as unknown as DirectoryApi;

/**
 * The real gateway app in front of a stand-in campaigns service: a real gRPC server (proto
 * encoding, signed caller context, error mapping) whose methods answer what a test gives them, and
 * an internal HTTP port for the proxied routes. Every call is recorded in `received`.
 */
export async function startCampaignsStandIn(handlers: Record<string, StandInHandler>) {
  const logger = createLogger('campaigns-stand-in');
  const received: Received[] = [];
  const service = (
    loadProto('campaigns/v1/campaigns.proto') as unknown as {
      campaigns: { v1: { CampaignsService: { service: ServiceBinding['definition'] } } };
    }
  ).campaigns.v1.CampaignsService.service;
  const implementation: Record<string, UnaryImpl<never, unknown>> = {};
  for (const method of Object.keys(service))
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
      services: [{ definition: service, implementation }],
      readiness: async () => true,
    },
    '127.0.0.1:0',
  );

  const internal = express();
  const record = (req: Request) => {
    const caller = verifyCallerToken(SECRET, req.get(CONTEXT_METADATA)!, 'r');
    const call = {
      method: `HTTP ${req.method} ${req.originalUrl}`,
      request: { contentType: req.get('content-type') },
      caller,
    };
    received.push(call);
    return call;
  };
  // The CSV import answers as CreateCampaign does (the proto shape, in JSON).
  internal.post('/internal/campaigns/import', (req, res) => {
    const { caller } = record(req);
    req.resume().on('end', () => {
      void handlers.CreateCampaign!({} as never, caller).then((answer) => res.status(201).json(answer));
    });
  });
  internal.get(/^\/internal\/campaigns\/.+$/, (req, res) => {
    record(req);
    res.type('text/csv; charset=utf-8').send(`\ufeffphone\r\n${req.originalUrl}\r\n`);
  });
  const internalServer = http.createServer(internal);
  await new Promise<void>((resolve) => internalServer.listen(0, '127.0.0.1', resolve));

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
  const campaigns = connectCampaigns(`127.0.0.1:${grpc.port}`, callerTokens);
  const ctx = {
    campaigns,
    forwardToCampaigns: createForwarder(
      `http://127.0.0.1:${(internalServer.address() as AddressInfo).port}`,
      logger,
    ),
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
      await closeHttpServer(internalServer);
      campaigns.close();
      await grpc.shutdown(1_000);
    },
  };
}

/** An answer as a test reads it: status, content type, the text (a BOM kept) and the JSON, if any. */
export interface Answer {
  status: number;
  type: string | null;
  text: string;
  body: (Record<string, unknown> & { errors: Array<{ path: string }> }) | undefined;
}

const jsonOf = (text: string): Answer['body'] => {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return undefined;
  }
};

/**
 * The gateway and the stand-in service for one test file: started before its tests, stopped after,
 * the calls and a test's own answers (`answers.GetCampaign = …`) forgotten before each test.
 * `call` sends as the Agent unless `key` says otherwise ('' for no credentials).
 */
export function campaignsGatewayForTestFile() {
  const answers: Record<string, StandInHandler> = {};
  let standIn: Awaited<ReturnType<typeof startCampaignsStandIn>>;
  beforeAll(async () => {
    standIn = await startCampaignsStandIn(
      new Proxy(answers, { get: (own, method: string) => own[method] ?? defaultAnswers[method] }),
    );
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.received.length = 0;
    for (const method of Object.keys(answers)) delete answers[method];
  });
  const call = async (
    method: string,
    path: string,
    init: { key?: string; body?: unknown; raw?: string | FormData } = {},
  ): Promise<Answer> => {
    const key = init.key ?? AGENT_KEY;
    const json = init.body !== undefined || typeof init.raw === 'string';
    const res = await fetch(`${standIn.url}${path}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8'); // keeps a BOM
    return { status: res.status, type: res.headers.get('content-type'), text, body: jsonOf(text) };
  };
  /**
   * A JSON body the gateway may refuse before reading it all: the answer counts, whatever happens
   * to the rest of the upload (fetch fails the whole call when the server stops reading).
   */
  const upload = (path: string, body: string, key = AGENT_KEY) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${standIn.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(key ? { 'x-api-key': key } : {}),
        },
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'] ?? null,
            text,
            body: jsonOf(text),
          });
          req.destroy();
        });
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.end(body);
    });
  return {
    answers,
    call,
    upload,
    received: () => standIn.received,
    methods: () => standIn.received.map((r) => r.method),
  };
}
