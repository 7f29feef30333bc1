import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Request } from 'express';
import {
  closeHttpServer,
  CONTEXT_METADATA,
  createLogger,
  DomainError,
  verifyCallerToken,
  type CallerContext,
} from '@inbox/platform';
import { connectCampaigns } from '../clients';
import { createForwarder } from '../http/proxy';
import { defaultAnswers } from './campaign-builders';
import { startStandInGateway, type StandInCall, type StandInSide } from './stand-in-gateway';

/** API keys the stand-in directory knows: an Admin's and an Agent's, of organization 1. */
export const ADMIN_KEY = 'ibx_admin_key';
export const AGENT_KEY = 'ibx_agent_key';

export type StandInHandler = (request: never, caller: CallerContext) => Promise<unknown>;

/** One call the stand-in campaigns service received (gRPC, or `HTTP <method> <url>` on its internal port). */
export type Received = StandInCall;

/**
 * The campaigns service's internal HTTP port, stood in: the CSV import answers as CreateCampaign
 * does (the proto shape, in JSON), an export answers a one-row CSV naming the URL. Calls are recorded.
 */
function internalHttpStandIn(handlers: Record<string, StandInHandler>) {
  return async (secret: string, received: StandInCall[]): Promise<StandInSide> => {
    const logger = createLogger('campaigns-stand-in', 'silent');
    const internal = express();
    const record = (req: Request) => {
      const caller = verifyCallerToken(secret, req.get(CONTEXT_METADATA)!, 'r');
      const call = {
        method: `HTTP ${req.method} ${req.originalUrl}`,
        request: { contentType: req.get('content-type') },
        caller,
      };
      received.push(call);
      return call;
    };
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
    const server = http.createServer(internal);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      context: { forwardToCampaigns: createForwarder(url, logger) },
      stop: () => closeHttpServer(server),
    };
  };
}

/**
 * The real gateway app in front of a stand-in campaigns service: a real gRPC server whose methods
 * answer what a test gives them, and its internal HTTP port for the proxied routes (import, exports).
 */
export const startCampaignsStandIn = (handlers: Record<string, StandInHandler>) =>
  startStandInGateway({
    service: 'campaigns.v1.CampaignsService',
    keys: { admin: ADMIN_KEY, agent: AGENT_KEY },
    orgId: 1,
    connect: connectCampaigns,
    contextKey: 'campaigns',
    answer: async (method, request, caller) => {
      const handler = handlers[method];
      if (!handler) throw new DomainError('unavailable', 'NOT_IN_STAND_IN', `${method} is not stood in`);
      return handler(request, caller);
    },
    side: internalHttpStandIn(handlers),
  });

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
