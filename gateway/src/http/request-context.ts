import type { NextFunction, Request, Response } from 'express';
import {
  httpRequestDuration,
  httpRequests,
  newId,
  runWithRequestId,
  serviceOf,
  type Logger,
} from '@inbox/platform';

/** The metrics' route of a request no route answered: raw paths would make the labels unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * nginx's code for a request whose client went away before the answer: counted apart from the
 * statuses the gateway chose.
 */
const CLIENT_CLOSED = 499;

const SANE_REQUEST_ID = /^[\w.-]{1,100}$/;

/** Marks the route template that answers the request (`/api/v1/users/:id`), for its metrics and access line. */
export function setRouteTemplate(res: Response, template: string): void {
  res.locals.route = template;
}

/**
 * The route template: the one a handler set, else Express's matched route under the router's
 * mount path; never the raw path.
 */
function routeOf(req: Request, res: Response): string {
  if (typeof res.locals.route === 'string') return res.locals.route;
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : UNMATCHED_ROUTE;
}

export interface RequestContextOptions {
  logger: Logger;
  /** Route templates of the health probes: their access lines are debug, so probes do not flood the log. */
  probeRoutes: ReadonlySet<string>;
}

/**
 * The first middleware: every request gets an id (or keeps a sane one of the caller's), answered
 * in `X-Request-Id`, carried to the services and events, and on every line logged while serving
 * it. When the answer is sent: one access line and the HTTP metrics, by route template.
 */
export function requestContext({ logger, probeRoutes }: RequestContextOptions) {
  const service = serviceOf(logger);
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = req.get('x-request-id');
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : newId();
    res.locals.requestId = requestId;
    res.set('X-Request-Id', requestId);
    const started = performance.now();
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(req, res);
      const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
      const labels = { service, method: req.method, route, status: String(status) };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, seconds);
      const line = { requestId, method: req.method, route, status, ms: Math.round(seconds * 1000) };
      if (probeRoutes.has(route)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    runWithRequestId(requestId, next);
  };
}
