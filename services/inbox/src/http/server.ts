import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  closeHttpServer,
  CONTEXT_METADATA,
  newId,
  problemOf,
  REQUEST_ID_METADATA,
  sendProblem,
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

/** The same problem documents as the gateway's; the gateway passes them through unchanged. */
export function sendError(error: unknown, res: Response, logger: Logger): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const known = problemOf(error);
  if (known) return sendProblem(res, known);
  const errorId = newId();
  logger.error({ err: error, errorId }, 'unexpected error in internal HTTP');
  sendProblem(res, { status: 500, code: 'INTERNAL', detail: `Internal error ${errorId}`, errorId });
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
  app.use((_req, res) => sendProblem(res, { status: 404, code: 'NOT_FOUND', detail: 'No such route' }));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) =>
    sendError(error, res, deps.logger),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => closeHttpServer(server),
  };
}
