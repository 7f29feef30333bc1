import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { CONTEXT_METADATA, REQUEST_ID_METADATA, type Logger } from '@inbox/platform';
import { sendProblem } from './problem';

interface ProxiedRequest extends IncomingMessage {
  proxyTarget?: { path: string; callerToken: string; requestId: string };
}

export type Forward = (
  req: Request,
  res: Response,
  target: { path: string; callerToken: string; requestId: string },
) => Promise<void>;

/**
 * Streams a request to a service's internal HTTP port after the gateway authenticated it:
 * multipart uploads and media downloads never pass through gRPC or gateway memory. The client's
 * credentials stay here; the service gets the signed caller context instead.
 */
export function createForwarder(targetUrl: string, logger: Logger): Forward {
  const proxy = createProxyMiddleware<ProxiedRequest, ServerResponse>({
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
  });
  return (req, res, target) =>
    new Promise<void>((resolve, reject) => {
      (req as unknown as ProxiedRequest).proxyTarget = target;
      res.on('finish', () => resolve());
      res.on('close', () => resolve());
      proxy(req as unknown as ProxiedRequest, res as unknown as ServerResponse, (error?: unknown) =>
        error ? reject(error) : resolve(),
      );
    });
}
