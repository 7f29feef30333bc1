import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 whose answers the test scripts: a
 * JSON answer, raw content (invalid JSON), an HTTP error, or an answer that comes late (timeouts).
 * It records every request, so a test can check what was sent (model, headers, the prompt).
 */

export type FakeLlmReply =
  /** A completion whose message content is this value as JSON. */
  | { json: unknown }
  /** A completion whose message content is this text as is. */
  | { content: string }
  /** An HTTP error with this body. */
  | { status: number; body?: string }
  /** The reply `then`, after `delayMs`. */
  | { delayMs: number; then: FakeLlmReply };

export type FakeLlmOperation = 'category' | 'intent' | 'summary' | 'unknown';

export interface FakeLlmRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    temperature?: number;
    response_format?: unknown;
    messages?: Array<{ role: string; content: string }>;
  };
  /** What the request asks, read from the data it carries (categories, intents, or a transcript). */
  operation: FakeLlmOperation;
}

export type FakeLlmScript = FakeLlmReply | ((request: FakeLlmRequest) => FakeLlmReply);

export interface FakeLlmServer {
  /** The base URL to configure (LLM_BASE_URL): `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  readonly requests: FakeLlmRequest[];
  /** How every following request is answered (until the next call). Unscripted: 503. */
  answer(script: FakeLlmScript): void;
  close(): Promise<void>;
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const requests: FakeLlmRequest[] = [];
  let script: FakeLlmScript = { status: 503, body: 'no answer scripted' };
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: http.ServerResponse, reply: FakeLlmReply): void => {
    if ('delayMs' in reply) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, reply.then);
      }, reply.delayMs);
      timers.add(timer);
      return;
    }
    if (res.destroyed) return;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
      return;
    }
    const content = 'json' in reply ? JSON.stringify(reply.json) : reply.content;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(content)));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = parse(Buffer.concat(chunks).toString('utf8')) as FakeLlmRequest['body'];
      const request: FakeLlmRequest = { path, headers: req.headers, body, operation: operationOf(body) };
      requests.push(request);
      send(res, typeof script === 'function' ? script(request) : script);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (next) => {
      script = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function completion(content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

function operationOf(body: FakeLlmRequest['body']): FakeLlmOperation {
  const data = parse(body.messages?.find((m) => m.role === 'user')?.content ?? '');
  if (typeof data !== 'object' || data === null) return 'unknown';
  if ('categories' in data) return 'category';
  if ('intents' in data) return 'intent';
  if ('transcript' in data) return 'summary';
  return 'unknown';
}
