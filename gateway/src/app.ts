import express, { type Express } from 'express';
import type { GatewayContext } from './context';
import { respondWithError } from './http/errors';
import { mountRoutes } from './http/pipeline';
import { sendProblem } from './http/problem';
import { requestContext, setRouteTemplate, UNMATCHED_ROUTE } from './http/request-context';
import { buildOpenApi } from './openapi/openapi';
import { docsRouter } from './openapi/docs';
import { accountPagesRouter } from './pages/account-pages';
import { whatsappWebhookRouter, type WebhookSettings } from './ingress/whatsapp-webhooks';
import { ROUTES } from './routes';
import { healthRoutes } from './routes/health.routes';

export const API_VERSION = '1.0.0';
const API_PREFIX = '/api/v1';

/** The public HTTP surface: /api/v1 routes, the OpenAPI document and docs, problem+json for everything else. */
export function createGatewayApp(
  ctx: GatewayContext,
  options: { trustProxy?: number; webhooks?: WebhookSettings } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 0);
  app.use(
    requestContext({
      logger: ctx.logger,
      probeRoutes: new Set(healthRoutes.map((probe) => `${API_PREFIX}${probe.path}`)),
    }),
  );

  const api = express.Router();
  api.use(docsRouter(buildOpenApi(ROUTES, API_VERSION)));
  // Webhooks need the raw bytes for the signature; the routes parse JSON only where they take a body.
  if (options.webhooks) api.use(whatsappWebhookRouter(options.webhooks, ctx.bus, ctx.logger));
  mountRoutes(api, ROUTES, ctx);
  app.use(API_PREFIX, api);
  // Invitation and password-reset links land here (unless the operator points them elsewhere).
  app.use(accountPagesRouter());

  app.use((req, res) => {
    setRouteTemplate(res, UNMATCHED_ROUTE); // a route that matched and passed the request on did not answer it
    sendProblem(res, { status: 404, code: 'NOT_FOUND', detail: `No route for ${req.method} ${req.path}` });
  });
  // Express 5 error middleware: body-parser failures and anything a route let through.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
    respondWithError(error, req, res, ctx.logger),
  );
  return app;
}
