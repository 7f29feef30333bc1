import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer } from '@inbox/platform';

/**
 * A pass-through HTTP proxy in front of the simulator that fails chosen Graph requests with a
 * Graph error, for tests of what happens when WhatsApp fails half-way (a later page of a listing):
 * the client and the simulator are the real ones, only the chosen answer is replaced.
 */
export interface GraphFaultProxy {
  url: string;
  /** Fails the `nth` (1-based) next request whose path contains `pathPart` with this Graph error. */
  failNth(pathPart: string, nth: number, error?: { httpStatus: number; code: number; message: string }): void;
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
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
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
    seen: (pathPart) => paths.filter((p) => p.includes(pathPart)).length,
    close: () => closeHttpServer(server),
  };
}
