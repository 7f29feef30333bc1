import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { authenticateInternalCaller, closeHttpServer, sendInternalError, sendProblem } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import { headerMediaRouter } from './header-media.routes';
import { uploadMediaRouter } from './upload-media.routes';

export interface RunningHttp {
  port: number;
  stop(): Promise<void>;
}

/**
 * The internal HTTP API the gateway proxies, with the same signed caller context as gRPC:
 * `POST /internal/templates/upload-media` (multipart) and `GET /internal/templates/:id/header-media`
 * (public: the gateway signs an anonymous caller for it).
 */
export async function startInternalHttp(
  deps: TemplatesDeps,
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
  app.use('/internal', uploadMediaRouter(deps));
  app.use('/internal', headerMediaRouter(deps));
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
