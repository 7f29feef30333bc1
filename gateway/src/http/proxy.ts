import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { CONTEXT_METADATA, REQUEST_ID_METADATA, type Logger } from '@inbox/platform';
import { sendProblem } from './problem';

export interface ForwardTarget {
  path: string;
  callerToken: string;
  requestId: string;
  /**
   * Turns the service's JSON answer (its proto shape) into the REST answer. Without it the
   * answer streams through untouched (files). Problem documents pass through as they are, but for
   * a 401: the gateway authenticated the client, so a service refusing its caller context is a bug.
   */
  answer?: (body: unknown) => unknown;
}

interface ProxiedRequest extends IncomingMessage {
  proxyTarget?: ForwardTarget & { fail: (error: unknown) => void };
}

export type Forward = (req: Request, res: Response, target: ForwardTarget) => Promise<void>;

/** A service's JSON answer is one record; more than this is a fault, not an answer to buffer. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Streams a request to a service's internal HTTP port after the gateway authenticated it:
 * multipart uploads and media downloads never pass through gRPC or gateway memory. The client's
 * credentials stay here; the service gets the signed caller context instead. Services speak their
 * own (proto) shape here too: a route that documents a JSON answer converts it, like a gRPC answer.
 */
export function createForwarder(targetUrl: string, logger: Logger): Forward {
  const proxy = createProxyMiddleware<ProxiedRequest, ServerResponse>({
    target: targetUrl,
    changeOrigin: true,
    proxyTimeout: 120_000,
    pathRewrite: (_path, req) => req.proxyTarget!.path,
    // Every answer passes `answerFrom`: converted, copied through, or refused (a 401 is ours).
    selfHandleResponse: true,
    on: {
      proxyRes: (proxyRes, req, res) => answerFrom(proxyRes, req, res as Response),
      error: (err, _req, res) => {
        logger.error({ err }, 'proxied request failed');
        const response = res as Response;
        if ('headersSent' in response && !response.headersSent)
          sendProblem(response, { status: 503, code: 'UNAVAILABLE', detail: 'The service is not reachable' });
        else (res as ServerResponse).destroy();
      },
    },
  });
  return (req, res, target) =>
    new Promise<void>((resolve, reject) => {
      (req as unknown as ProxiedRequest).proxyTarget = { ...target, fail: reject };
      forwardedHeaders(req, target);
      res.on('finish', () => resolve());
      res.on('close', () => resolve());
      proxy(req as unknown as ProxiedRequest, res as unknown as ServerResponse, (error?: unknown) =>
        error ? reject(error) : resolve(),
      );
    });
}

/**
 * The headers the service gets, set on the request itself: the proxy copies them into its own
 * request when it creates it. Not in a `proxyReq` hook: with `Expect` present, Node sends a
 * request's headers the moment it is created and the proxy skips the hook, so the service got no
 * caller context (401) and refused the body (EPIPE). Node already answered the client's
 * `100-continue` before this request reached the router; the hop to the service needs none.
 */
function forwardedHeaders(req: IncomingMessage, target: ForwardTarget): void {
  delete req.headers.expect;
  delete req.headers.authorization;
  delete req.headers['x-api-key'];
  req.headers[CONTEXT_METADATA] = target.callerToken;
  req.headers[REQUEST_ID_METADATA] = target.requestId;
}

/**
 * A success in JSON on a converting route is read whole (bounded) and converted; a 401 fails the
 * call (a 500 with an error id); anything else is copied through as the service sent it.
 */
function answerFrom(proxyRes: IncomingMessage, req: ProxiedRequest, res: Response): void {
  const target = req.proxyTarget!;
  const status = proxyRes.statusCode ?? 502;
  if (status === 401) {
    // The gateway authenticated the client already: the service refusing our caller context is a
    // gateway bug, not the client's business (an error id for them, the details in our log).
    proxyRes.resume();
    target.fail(new Error(`The service refused the caller context on ${target.path} (401)`));
    return;
  }
  const json = /^application\/json\b/.test(proxyRes.headers['content-type'] ?? '');
  if (!target.answer || status < 200 || status >= 300 || !json) {
    res.status(status);
    for (const [name, value] of Object.entries(proxyRes.headers))
      if (value !== undefined && name !== 'transfer-encoding') res.setHeader(name, value);
    proxyRes.pipe(res);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  proxyRes.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      proxyRes.destroy();
      target.fail(new Error(`The service's answer to ${target.path} is over ${MAX_ANSWER_BYTES} bytes`));
    } else chunks.push(chunk);
  });
  proxyRes.on('error', (error) => target.fail(error));
  proxyRes.on('end', () => {
    if (size > MAX_ANSWER_BYTES) return;
    try {
      res.status(status).json(target.answer!(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    } catch (error) {
      target.fail(error);
    }
  });
}
