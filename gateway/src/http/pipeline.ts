import express, { type Request, type Response, type Router } from 'express';
import { forbidden, type CallerContext } from '@inbox/platform';
import { checkPlatformToken } from '../auth/platform-token';
import type { Principal } from '../auth/principal';
import type { GatewayContext } from '../context';
import { JSON_BODY_LIMIT_BYTES, type RouteSpec } from '../routes/route';
import { respondWithError } from './errors';
import { HttpProblem } from './problem';
import { enforce } from './rate-limited';
import { setRouteTemplate } from './request-context';
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

async function enforceLimits(
  keys: Array<{ key: string; limit: number; windowMs: number }>,
  ctx: GatewayContext,
) {
  for (const { key, limit, windowMs } of keys) enforce(await ctx.rateLimiter.hit(key, limit, windowMs));
}

function hasBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** Authenticate → authorize → limit → validate → call → answer; every failure becomes a problem document. */
async function run(spec: RouteSpec, req: Request, res: Response, ctx: GatewayContext): Promise<void> {
  let principal: Principal | null = null;
  let caller = ANONYMOUS_CALLER;
  if (spec.access === 'platform') {
    await checkPlatformToken(req, ctx.platformToken, ctx.authenticator.failures);
    caller = PLATFORM_CALLER;
  } else if (spec.access !== 'public') {
    // Also spends the principal's per-minute limit, in the same Redis round trip.
    principal = await ctx.authenticator.admit(req, res.locals.requestId as string, !spec.unlimited);
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
  if (!principal && !spec.unlimited)
    await enforceLimits(
      [{ key: `rl:ip:${req.ip}`, limit: ctx.limits.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }],
      ctx,
    );

  if (spec.body && hasBody(req) && !req.is('application/json'))
    throw new HttpProblem({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'Send the body as application/json',
    });
  // Refused here rather than by the service: it would answer before reading the body, and the
  // proxy, still sending it, would see the connection close (a 503 instead of this 415).
  const upload = spec.proxy?.requestBody;
  if (upload && hasBody(req) && !req.is(upload.contentType))
    throw new HttpProblem({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: `Send the body as ${upload.contentType}`,
    });
  if (spec.body) await readJson(req, res, spec.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES);
  const params = parsePart(spec.params, req.params, 'path');
  const query = parsePart(spec.query, req.query, 'query');
  const body = parsePart(spec.body, req.body, 'body');
  if (spec.limits)
    await enforceLimits(spec.limits({ req, body, ctx, principal: principal ?? undefined }), ctx);

  const call = { callerToken: ctx.callerTokens.tokenFor(caller), requestId: res.locals.requestId as string };
  if (spec.proxy) {
    const forward = {
      inbox: ctx.forwardToInbox,
      templates: ctx.forwardToTemplates,
      campaigns: ctx.forwardToCampaigns,
    }[spec.proxy.to];
    const { response } = spec;
    const fromService = spec.proxy.fromService ?? ((body: unknown) => body);
    await forward(req, res, {
      path: spec.proxy.path(params, query),
      ...call,
      // A documented JSON answer is converted and checked like a gRPC answer; files stream through.
      ...(response ? { answer: (body: unknown) => response.parse(fromService(body)) } : {}),
    });
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

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const jsonParsers = new Map<number, ReturnType<typeof express.json>>();

/**
 * Reads a JSON body into `req.body`, at most `limitBytes` (a 413 beyond). Only routes that take a
 * body read one, after authentication: an anonymous client cannot make the gateway parse a
 * campaign's 32 MB of recipients, and elsewhere a body is ignored (413 and 415 mean a body route).
 */
function readJson(req: Request, res: Response, limitBytes: number): Promise<void> {
  let parse = jsonParsers.get(limitBytes);
  if (!parse) jsonParsers.set(limitBytes, (parse = express.json({ limit: limitBytes })));
  return new Promise((resolve, reject) =>
    parse(req, res, (error?: unknown) => {
      if (!error) resolve();
      else if (typeof error === 'object' && 'type' in error && error.type === 'entity.too.large')
        reject(
          new HttpProblem({
            status: 413,
            code: 'PAYLOAD_TOO_LARGE',
            detail: `The request body is larger than ${megabytes(limitBytes)}`,
          }),
        );
      else reject(error);
    }),
  );
}

export function mountRoutes(router: Router, routes: RouteSpec[], ctx: GatewayContext): void {
  for (const spec of routes) {
    router[spec.method](spec.path, (req: Request, res: Response) => {
      setRouteTemplate(res, `${req.baseUrl}${spec.path}`);
      run(spec, req, res, ctx).catch((error) =>
        respondWithError(error, req, res, ctx.logger, spec.statusByCode),
      );
    });
  }
}
