import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type Options } from 'http-proxy-middleware';
import { CONTEXT_METADATA, REQUEST_ID_METADATA, type Logger } from '@inbox/platform';
import { sendProblem } from './problem';

export interface ForwardTarget {
  path: string;
  callerToken: string;
  requestId: string;
  /**
   * Turns the service's JSON answer (its proto shape) into the REST answer. Without it the
   * answer streams through untouched (files). Problem documents always pass through as they are.
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
  const options: Options<ProxiedRequest, ServerResponse> = {
    target: targetUrl,
    changeOrigin: true,
    proxyTimeout: 120_000,
    pathRewrite: (_path, req) => req.proxyTarget!.path,
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.removeHeader('authorization');
        proxyReq.removeHeader('x-api-key');
        proxyReq.setHeader(CONTEXT_METADATA, req.proxyTarget!.callerToken);
        proxyReq.setHeader(REQUEST_ID_METADATA, req.proxyTarget!.requestId);
      },
      error: (err, _req, res) => {
        logger.error({ err }, 'proxied request failed');
        const response = res as Response;
        if ('headersSent' in response && !response.headersSent)
          sendProblem(response, { status: 503, code: 'UNAVAILABLE', detail: 'The service is not reachable' });
        else (res as ServerResponse).destroy();
      },
    },
  };
  const streaming = createProxyMiddleware<ProxiedRequest, ServerResponse>(options);
  const answering = createProxyMiddleware<ProxiedRequest, ServerResponse>({
    ...options,
    selfHandleResponse: true,
    on: { ...options.on, proxyRes: (proxyRes, req, res) => answerFrom(proxyRes, req, res as Response) },
  });
  return (req, res, target) =>
    new Promise<void>((resolve, reject) => {
      (req as unknown as ProxiedRequest).proxyTarget = { ...target, fail: reject };
      res.on('finish', () => resolve());
      res.on('close', () => resolve());
      (target.answer ? answering : streaming)(
        req as unknown as ProxiedRequest,
        res as unknown as ServerResponse,
        (error?: unknown) => (error ? reject(error) : resolve()),
      );
    });
}

/** A success in JSON is read whole (bounded) and converted; anything else is copied through as the service sent it. */
function answerFrom(proxyRes: IncomingMessage, req: ProxiedRequest, res: Response): void {
  const target = req.proxyTarget!;
  const status = proxyRes.statusCode ?? 502;
  const json = /^application\/json\b/.test(proxyRes.headers['content-type'] ?? '');
  if (status < 200 || status >= 300 || !json) {
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
