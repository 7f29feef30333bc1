import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { authenticateInternalCaller, closeHttpServer, sendInternalError, sendProblem } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { messageMediaRouter } from './message-media.routes';
import { quickReplyMediaRouter } from './quick-reply-media.routes';

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
  app.use('/internal', authenticateInternalCaller(internalAuthSecret));
  app.use('/internal', messageMediaRouter(deps));
  app.use('/internal', quickReplyMediaRouter(deps));
  app.use((_req, res) => sendProblem(res, { status: 404, code: 'NOT_FOUND', detail: 'No such route' }));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) =>
    sendInternalError(error, res, deps.logger),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => closeHttpServer(server),
  };
}
