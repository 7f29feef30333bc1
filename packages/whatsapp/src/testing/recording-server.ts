import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server saw it, body as raw bytes. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json(): unknown;
}

/** How to answer: JSON (objects), raw bytes/strings, or a custom writer for streaming and stalls. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
  write?: (res: ServerResponse) => void;
}

export type Responder = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface RecordingServer {
  /** Origin, e.g. http://127.0.0.1:41234 */
  url: string;
  requests: RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.write) return reply.write(res);
  const raw = reply.body;
  const isRaw = Buffer.isBuffer(raw) || typeof raw === 'string';
  const headers = {
    'content-type': isRaw ? 'application/octet-stream' : 'application/json',
    ...reply.headers,
  };
  res.writeHead(reply.status ?? 200, headers);
  res.end(isRaw ? raw : JSON.stringify(raw ?? {}));
}

/** A real HTTP server on 127.0.0.1:0 that records every request, for testing HTTP clients end to end. */
export async function startRecordingServer(initial?: Responder): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = initial ?? (() => ({ body: {} }));
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        json: () => JSON.parse(body.toString('utf8')) as unknown,
      };
      requests.push(recorded);
      const reply = await responder(recorded);
      if (reply.delayMs) await sleep(reply.delayMs);
      if (!res.destroyed) send(res, reply);
    })().catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
