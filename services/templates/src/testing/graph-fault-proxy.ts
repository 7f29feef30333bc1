import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer } from '@inbox/platform';

/**
 * A pass-through HTTP proxy in front of the simulator that fails chosen Graph requests with a
 * Graph error, for tests of what happens when WhatsApp fails half-way (a later page of a listing),
 * or changes the simulator's JSON answers (values WhatsApp may send that the simulator does not
 * play): the client and the simulator are the real ones, only the chosen answer is replaced.
 */
export interface GraphFaultProxy {
  url: string;
  /** Fails the `nth` (1-based) next request whose path contains `pathPart` with this Graph error. */
  failNth(pathPart: string, nth: number, error?: { httpStatus: number; code: number; message: string }): void;
  /** Passes every JSON answer to a request whose path contains `pathPart` through `change`. */
  rewrite(pathPart: string, change: (body: Record<string, unknown>) => Record<string, unknown>): void;
  /** Requests seen whose path contains `pathPart`. */
  seen(pathPart: string): number;
  close(): Promise<void>;
}

const RATE_LIMITED = {
  httpStatus: 400,
  code: 80008,
  message: '(#80008) There have been too many calls to this WhatsApp Business account.',
};

export async function startGraphFaultProxy(target: string): Promise<GraphFaultProxy> {
  const paths: string[] = [];
  let rule: { pathPart: string; remaining: number; error: typeof RATE_LIMITED } | undefined;
  const rewrites: { pathPart: string; change: (body: Record<string, unknown>) => Record<string, unknown> }[] =
    [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    paths.push(url);
    if (rule && url.includes(rule.pathPart) && --rule.remaining === 0) {
      const { httpStatus, code, message } = rule.error;
      rule = undefined;
      req.resume();
      res.writeHead(httpStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'Afault' } }));
      return;
    }
    const upstream = http.request(
      new URL(url, target),
      { method: req.method, headers: req.headers },
      (answer) => {
        const rewrite = rewrites.find((r) => url.includes(r.pathPart));
        if (!rewrite) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const changed = JSON.stringify(
            rewrite.change(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>),
          );
          res.writeHead(answer.statusCode ?? 502, {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(changed)),
          });
          res.end(changed);
        });
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNth: (pathPart, nth, error = RATE_LIMITED) => {
      rule = { pathPart, remaining: nth, error };
    },
    rewrite: (pathPart, change) => {
      rewrites.push({ pathPart, change });
    },
    seen: (pathPart) => paths.filter((p) => p.includes(pathPart)).length,
    close: () => closeHttpServer(server),
  };
}
