import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { closeHttpServer, sendInternalError, sendProblem } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';

export interface RunningHttp {
  port: number;
  stop(): Promise<void>;
}

/**
 * The internal HTTP API the gateway proxies: the two file routes (upload-media, header-media).
 * Slot filled by the header-media work; until then only the health check answers.
 */
export async function startInternalHttp(
  deps: TemplatesDeps,
  _internalAuthSecret: string,
  port: number,
  host = '0.0.0.0',
): Promise<RunningHttp> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
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
