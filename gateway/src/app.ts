import express, { type Express } from 'express';
import type { GatewayContext } from './context';
import { respondWithError } from './http/errors';
import { mountRoutes, requestId } from './http/pipeline';
import { sendProblem } from './http/problem';
import { buildOpenApi } from './openapi/openapi';
import { docsRouter } from './openapi/docs';
import { accountPagesRouter } from './pages/account-pages';
import { whatsappWebhookRouter, type WebhookSettings } from './ingress/whatsapp-webhooks';
import { ROUTES } from './routes';

export const API_VERSION = '1.0.0';

/** The public HTTP surface: /api/v1 routes, the OpenAPI document and docs, problem+json for everything else. */
export function createGatewayApp(
  ctx: GatewayContext,
  options: { trustProxy?: number; webhooks?: WebhookSettings } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 0);
  app.use(requestId);

  const api = express.Router();
  api.use(docsRouter(buildOpenApi(ROUTES, API_VERSION)));
  // Webhooks need the raw bytes for the signature; the routes parse JSON only where they take a body.
  if (options.webhooks) api.use(whatsappWebhookRouter(options.webhooks, ctx.bus, ctx.logger));
  mountRoutes(api, ROUTES, ctx);
  app.use('/api/v1', api);
  // Invitation and password-reset links land here (unless the operator points them elsewhere).
  app.use(accountPagesRouter());

  app.use((req, res) =>
    sendProblem(res, { status: 404, code: 'NOT_FOUND', detail: `No route for ${req.method} ${req.path}` }),
  );
  // Express 5 error middleware: body-parser failures and anything a route let through.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
    respondWithError(error, req, res, ctx.logger),
  );
  return app;
}
