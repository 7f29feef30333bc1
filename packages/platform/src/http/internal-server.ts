import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallerSecrets } from '../context';
import type { Logger } from '../logger';
import { closeHttpServer } from './close-server';
import { authenticateInternalCaller, sendInternalError } from './internal-http';
import { sendProblem, type ProblemResponse } from './problem';

type ErrorResponse = ProblemResponse & { headersSent: boolean; destroy(): unknown };

/**
 * What this needs of an Express application (a service passes `express()`): typed by use, so the
 * platform does not depend on Express.
 */
export interface InternalApp {
  (req: http.IncomingMessage, res: http.ServerResponse): void;
  disable(setting: string): unknown;
  get(path: string, handler: (req: unknown, res: { json(body: unknown): unknown }) => void): unknown;
  use(...handlers: unknown[]): unknown;
}

export interface InternalHttpOptions {
  /** The service's routers, mounted under `/internal` behind the caller check. */
  routers: readonly unknown[];
  /** As the gRPC server's: INTERNAL_AUTH_SECRET, and its previous value during a rotation. */
  internalAuthSecret: CallerSecrets;
  logger: Logger;
  port: number;
  host?: string;
}

export interface RunningHttp {
  port: number;
  stop(): Promise<void>;
}

/**
 * A service's internal HTTP port, the one the gateway proxies files and uploads to: `/healthz`,
 * the routers under `/internal` with the signed caller context checked as on gRPC, a 404 problem
 * for anything else, and problem documents for errors (a 500 carries only an error id).
 */
export async function startInternalHttp(
  app: InternalApp,
  options: InternalHttpOptions,
): Promise<RunningHttp> {
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use('/internal', authenticateInternalCaller(options.internalAuthSecret));
  for (const router of options.routers) app.use('/internal', router);
  app.use((_req: unknown, res: ProblemResponse) =>
    sendProblem(res, { status: 404, code: 'NOT_FOUND', detail: 'No such route' }),
  );
  // Four parameters: Express knows an error handler by its arity.
  app.use((error: unknown, _req: unknown, res: ErrorResponse, _next: unknown) =>
    sendInternalError(error, res, options.logger),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => closeHttpServer(server),
  };
}
