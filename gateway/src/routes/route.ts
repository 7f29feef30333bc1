import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { CallOptions } from '@inbox/platform';
import type { Principal } from '../auth/principal';
import type { GatewayContext } from '../context';

/**
 * `public`: no credentials. `user`: any signed-in caller (user token or API key). `admin`: the
 * Admin role. `platform`: the deployment's PLATFORM_TOKEN (operators creating organizations).
 */
export type Access = 'public' | 'user' | 'admin' | 'platform';

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Null on public and platform routes. */
  principal: Principal | null;
  /** Metadata for gRPC calls: the signed caller context, request id, deadline. */
  call: CallOptions;
  ctx: GatewayContext;
  req: Request;
  res: Response;
}

/** A status a route may declare on top of the generic ones. */
export type ExtraStatus = 304 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 504;

/** One REST endpoint: everything the gateway needs to validate, authorize, call and document it. */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path under /api/v1, e.g. `/users/:id`. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The most JSON `body` may be, in bytes (default JSON_BODY_LIMIT_BYTES); a larger one is a 413. */
  bodyLimitBytes?: number;
  /** Documents (and shapes) the answer; parsed on the way out so the docs cannot drift (a proxied route: documents what the service answers). */
  response?: z.ZodType;
  /** Default 200; 201 for creations, 204 for deletions (no body). */
  status?: 200 | 201 | 202 | 204;
  /** Extra per-route limits on top of the per-principal one (login). */
  limits?: (input: {
    req: Request;
    body: B;
    ctx: GatewayContext;
    /** The signed-in caller, on authenticated routes. */
    principal?: Principal;
  }) => Array<{ key: string; limit: number; windowMs: number }>;
  /**
   * Streams the request to a service's internal HTTP port (multipart uploads, media downloads)
   * after authentication; `path` builds the internal path (and query) from the validated parameters.
   */
  proxy?: {
    to: 'inbox' | 'templates' | 'campaigns';
    path: (params: P, query: Q) => string;
    /** The form an upload sends: `fields` documents its parts (the body itself streams through unread). */
    requestBody?: { contentType: string; description: string; fields: z.ZodObject };
    /** The file's content type, or every one it may have. */
    responseType?: string | readonly string[];
    /**
     * The service answers in its own (proto) shape; this makes the REST answer of it before
     * `response` parses it (as a handler does with a gRPC answer). Identity when absent.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the service's JSON, typed by the route
    fromService?: (body: any) => unknown;
  };
  /** Health probes are not rate limited (nor authenticated, nor do they call a service). */
  unlimited?: boolean;
  /**
   * Statuses this route answers beyond those every route of its kind gets (openapi/statuses.ts):
   * e.g. 401 for a wrong password on a public route, 403 for an Agent changing someone else.
   */
  answers?: ExtraStatus[];
  /**
   * Service error codes this route answers with a more precise status than their gRPC status
   * gives (documented with the others): e.g. NO_VALID_RECIPIENTS, an INVALID_ARGUMENT, as 422.
   */
  statusByCode?: Record<string, ExtraStatus>;
  /** Returns the answer body; headers may be set on `res`. Streaming routes write `res` and return undefined. */
  handler?: (input: HandlerInput<P, Q, B>) => Promise<unknown>;
}

/** A JSON body's size limit on every route that does not set its own. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Identity function that lets TypeScript infer P, Q and B from the schemas. */
export const route = <P = undefined, Q = undefined, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec =>
  spec as unknown as RouteSpec;
