import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  CONTEXT_METADATA,
  DomainError,
  GRPC_STATUS_BY_KIND,
  HTTP_STATUS_BY_GRPC,
  newId,
  REQUEST_ID_METADATA,
  verifyCallerToken,
  type CallerContext,
  type Logger,
} from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { messageMediaRouter } from './message-media.routes';
import { quickReplyMediaRouter } from './quick-reply-media.routes';

/** The verified caller of an internal HTTP request (set by `authenticate`). */
export const callerOf = (res: Response): CallerContext => res.locals.caller as CallerContext;

/** The gateway proxies multipart uploads and media downloads here with the same signed caller context as gRPC. */
function authenticate(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      const requestId = req.get(REQUEST_ID_METADATA) ?? newId();
      res.locals.caller = verifyCallerToken(secret, req.get(CONTEXT_METADATA) ?? '', requestId);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Problem documents as the gateway would write them; the gateway passes them through unchanged. */
export function sendError(error: unknown, res: Response, logger: Logger): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (error instanceof DomainError) {
    const status = HTTP_STATUS_BY_GRPC[GRPC_STATUS_BY_KIND[error.kind]] ?? 500;
    res
      .status(status)
      .type('application/problem+json')
      .json({
        type: 'about:blank',
        title: error.code,
        status,
        detail: error.message,
        code: error.code,
        errors: error.fields,
      });
    return;
  }
  const errorId = newId();
  logger.error({ err: error, errorId }, 'unexpected error in internal HTTP');
  res
    .status(500)
    .type('application/problem+json')
    .json({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: `Internal error ${errorId}`,
      code: 'INTERNAL',
      errors: [],
      errorId,
    });
}

export interface RunningHttp {
  port: number;
  stop(): Promise<void>;
}

export async function startInternalHttp(
  deps: InboxDeps,
  internalAuthSecret: string,
  port: number,
  host = '0.0.0.0',
): Promise<RunningHttp> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use('/internal', authenticate(internalAuthSecret));
  app.use('/internal', messageMediaRouter(deps));
  app.use('/internal', quickReplyMediaRouter(deps));
  app.use((_req, res) => {
    res
      .status(404)
      .type('application/problem+json')
      .json({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'No such route',
        code: 'NOT_FOUND',
        errors: [],
      });
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) =>
    sendError(error, res, deps.logger),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
