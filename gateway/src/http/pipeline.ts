import type { Request, Response, Router } from 'express';
import { forbidden, newId, unauthenticated, type CallerContext } from '@inbox/platform';
import type { Principal } from '../auth/principal';
import type { GatewayContext } from '../context';
import type { RouteSpec } from '../routes/route';
import { respondWithError } from './errors';
import { HttpProblem } from './problem';
import { parsePart } from './validation';

const PLATFORM_CALLER: Omit<CallerContext, 'requestId'> = {
  orgId: 0,
  kind: 'PLATFORM',
  principalId: 'platform',
  role: null,
  userId: null,
};
const ANONYMOUS_CALLER: Omit<CallerContext, 'requestId'> = {
  orgId: 0,
  kind: 'ANONYMOUS',
  principalId: '',
  role: null,
  userId: null,
};

function checkPlatformToken(req: Request, ctx: GatewayContext): void {
  // Unset token: the platform API does not exist in this deployment.
  if (!ctx.platformToken)
    throw new HttpProblem({ status: 404, code: 'NOT_FOUND', detail: 'No such endpoint' });
  const header = req.get('authorization') ?? '';
  if (header !== `Bearer ${ctx.platformToken}`) throw unauthenticated('A valid platform token is required');
}

async function enforceLimits(
  keys: Array<{ key: string; limit: number; windowMs: number }>,
  ctx: GatewayContext,
  res: Response,
) {
  for (const { key, limit, windowMs } of keys) {
    const decision = await ctx.rateLimiter.hit(key, limit, windowMs);
    if (!decision.allowed) {
      res.set('Retry-After', String(decision.retryAfterSeconds));
      throw new HttpProblem({
        status: 429,
        code: 'RATE_LIMITED',
        detail: `Too many requests; retry in ${decision.retryAfterSeconds} s`,
      });
    }
  }
}

function hasBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** Authenticate → authorize → limit → validate → call → answer; every failure becomes a problem document. */
async function run(spec: RouteSpec, req: Request, res: Response, ctx: GatewayContext): Promise<void> {
  let principal: Principal | null = null;
  let caller = ANONYMOUS_CALLER;
  if (spec.access === 'platform') {
    checkPlatformToken(req, ctx);
    caller = PLATFORM_CALLER;
  } else if (spec.access !== 'public') {
    principal = await ctx.authenticator.authenticate(req);
    if (spec.access === 'admin' && principal.role !== 'ADMIN')
      throw forbidden('This endpoint requires the Admin role');
    caller = {
      orgId: principal.orgId,
      kind: principal.kind,
      principalId: principal.id,
      role: principal.role,
      userId: principal.userId,
    };
  }
  const windowMs = 60_000;
  const who = principal ? `p:${principal.kind}:${principal.id}` : `ip:${req.ip}`;
  if (!spec.unlimited)
    await enforceLimits([{ key: `rl:${who}`, limit: ctx.limits.RATE_LIMIT_PER_MINUTE, windowMs }], ctx, res);

  if (spec.body && hasBody(req) && !req.is('application/json'))
    throw new HttpProblem({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'Send the body as application/json',
    });
  const params = parsePart(spec.params, req.params, 'path');
  const query = parsePart(spec.query, req.query, 'query');
  const body = parsePart(spec.body, req.body, 'body');
  if (spec.limits) await enforceLimits(spec.limits({ req, body, ctx }), ctx, res);

  const call = { callerToken: ctx.callerTokens.tokenFor(caller), requestId: res.locals.requestId as string };
  if (spec.proxy) {
    await ctx.forwardToInbox(req, res, { path: spec.proxy.path(params), ...call });
    return;
  }
  const result = await spec.handler!({ params, query, body, principal, call, ctx, req, res });
  if (res.headersSent) return;
  if (spec.status === 204) {
    res.status(204).end();
    return;
  }
  res.status(spec.status ?? 200).json(spec.response ? spec.response.parse(result) : result);
}

export function mountRoutes(router: Router, routes: RouteSpec[], ctx: GatewayContext): void {
  for (const spec of routes) {
    router[spec.method](spec.path, (req, res) => {
      run(spec, req, res, ctx).catch((error) => respondWithError(error, req, res, ctx.logger));
    });
  }
}

/** Every request gets an id (or keeps the caller's), echoed back and carried to services and events. */
export function requestId(req: Request, res: Response, next: () => void): void {
  const given = req.get('x-request-id');
  const id = given && /^[\w.-]{1,100}$/.test(given) ? given : newId();
  res.locals.requestId = id;
  res.set('X-Request-Id', id);
  next();
}
