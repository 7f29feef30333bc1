import { z } from 'zod';

/** The Graph API error envelope (reference §2 "Error response"); only `message` and `code` are relied on. */
export const graphErrorSchema = z.object({
  error: z.looseObject({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    error_data: z
      .looseObject({ messaging_product: z.string().optional(), details: z.string().optional() })
      .optional(),
    is_transient: z.boolean().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type GraphErrorBody = z.infer<typeof graphErrorSchema>;

export interface CloudApiErrorInit {
  code: number;
  httpStatus: number;
  title: string;
  message?: string;
  subcode?: number;
  details?: string;
  /** Graph's `error_user_title` / `error_user_msg`: what WhatsApp Manager would show (template errors carry them). */
  userTitle?: string;
  userMessage?: string;
  fbtraceId?: string;
  /** Graph's own hint; only upgrades an error that is not known to be permanent. */
  isTransient?: boolean;
  /** True when the request never left this process (validation, size limits). */
  local?: boolean;
  /** True when Graph may have acted on the request although no answer says so (see CloudApiError). */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

/**
 * Every failure of the client: a Graph error, a network error or timeout (code 0, httpStatus 0),
 * or a request refused locally before sending (`local: true`, code 100 / httpStatus 400 for bad input).
 */
export class CloudApiError extends Error {
  readonly code: number;
  readonly subcode?: number;
  readonly httpStatus: number;
  readonly title: string;
  readonly details?: string;
  readonly userTitle?: string;
  readonly userMessage?: string;
  readonly fbtraceId?: string;
  readonly retryable: boolean;
  readonly local: boolean;
  /**
   * The request may have reached Graph and taken effect: a timeout or a connection lost after it
   * was written, a proxy's 5xx without a Graph error, an unreadable 2xx. Repeating a request that
   * is not idempotent (a send) could then deliver it twice; `retryable` only says a repeat may work.
   */
  readonly outcomeUnknown: boolean;

  constructor(init: CloudApiErrorInit) {
    super(init.message ?? init.title, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CloudApiError';
    this.code = init.code;
    this.subcode = init.subcode;
    this.httpStatus = init.httpStatus;
    this.title = init.title;
    this.details = init.details;
    this.userTitle = init.userTitle;
    this.userMessage = init.userMessage;
    this.fbtraceId = init.fbtraceId;
    this.local = init.local ?? false;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.retryable =
      !this.local &&
      (isRetryable(init.code, init.httpStatus) || (init.isTransient === true && !isPermanent(init.code)));
  }
}

const RETRYABLE_CODES = new Set([130429, 131056, 4, 80007, 1, 2, 131000, 131016, 133004, 131057]);
// 131048 (spam rate limit) arrives as HTTP 429 but must pause the campaign, not retry.
const PERMANENT_CODES = new Set([
  131047, 131026, 131049, 131050, 131051, 131052, 131053, 131048, 100, 190, 10, 131008, 131009, 131030, 368,
  131031, 131005, 131021, 131042, 130497, 133010,
]);

function isPermanent(code: number): boolean {
  return PERMANENT_CODES.has(code) || (code >= 132000 && code < 133000) || (code >= 200 && code < 300);
}

/** Whether repeating the same request later can succeed. Known codes win over the HTTP status. */
export function isRetryable(code: number, httpStatus: number): boolean {
  if (isPermanent(code)) return false;
  if (RETRYABLE_CODES.has(code)) return true;
  return httpStatus === 0 || httpStatus === 429 || httpStatus >= 500;
}

/**
 * A send refused because of the template itself (132000–132016: parameters, missing translation,
 * paused, disabled…), as opposed to the recipient or the account. 131047 is not one of them.
 */
export function isTemplateSendError(error: Pick<CloudApiError, 'code'>): boolean {
  return error.code >= 132000 && error.code <= 132016;
}

const SECOND = 1000;

/**
 * Milliseconds to wait before retry number `attempt` (0 = first retry).
 * 131056: 4^attempt s (pair-rate rule: 1, 4, 16, 64 … s, capped at 1024 s);
 * 130429: 0.5 s · 2^attempt with ±50 % jitter, capped at 10 s;
 * 131057: at least 60 s (throughput upgrade takes up to a minute);
 * others: 1 s · 2^attempt with ±50 % jitter, capped at 5 min.
 */
export function retryDelayForError(
  error: Pick<CloudApiError, 'code'>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const n = Math.max(0, Math.floor(attempt));
  const jitter = (ms: number) => Math.round(ms * (0.5 + random()));
  switch (error.code) {
    case 131056:
      return 4 ** Math.min(n, 5) * SECOND;
    case 130429:
      return Math.min(jitter(500 * 2 ** n), 10 * SECOND);
    case 131057:
      return Math.max(60 * SECOND, Math.min(jitter(SECOND * 2 ** n), 5 * 60 * SECOND));
    default:
      return Math.min(jitter(SECOND * 2 ** n), 5 * 60 * SECOND);
  }
}

/** Turns a non-2xx answer into a CloudApiError: a Graph error body if there is one, else the HTTP status. */
export function errorFromResponse(httpStatus: number, body: unknown): CloudApiError {
  const parsed = graphErrorSchema.safeParse(body);
  if (!parsed.success) {
    return new CloudApiError({
      code: 0,
      httpStatus,
      title: `HTTP ${httpStatus}`,
      message: `HTTP ${httpStatus}`,
      // A 5xx page from something in front of Graph (a proxy's 502/504) says nothing about whether
      // Graph acted; a Graph error body, even on a 5xx, is Graph saying it did not.
      outcomeUnknown: httpStatus >= 500,
    });
  }
  const e = parsed.data.error;
  return new CloudApiError({
    code: e.code,
    subcode: e.error_subcode,
    httpStatus,
    // Graph messages read "(#131030) Recipient phone number not in allowed list"; the title drops the prefix.
    title: e.message.replace(/^\(#\d+\)\s*/, '') || e.type || `Error ${e.code}`,
    message: e.message,
    details: e.error_data?.details,
    userTitle: e.error_user_title,
    userMessage: e.error_user_msg,
    fbtraceId: e.fbtrace_id,
    isTransient: e.is_transient,
  });
}

/**
 * Failures while connecting, before any byte of the request was written: Graph certainly never
 * saw it. Everything else (a timeout, a reset or closed connection) may come after Graph acted.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The error codes of a fetch failure: undici wraps them in `cause`, sometimes in an AggregateError. */
function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...errorCodes(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((e) => errorCodes(e, depth + 1)) : []),
  ];
}

/** A network failure or timeout; `outcomeUnknown` unless it failed while connecting. */
export function networkError(cause: unknown): CloudApiError {
  // AbortSignal.timeout rejects with a DOMException, which is not always `instanceof Error`.
  const { name, message } = (cause ?? {}) as { name?: unknown; message?: unknown };
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  const title = timedOut ? 'Request timed out' : 'Network error';
  const reason = typeof message === 'string' ? message : String(cause);
  const codes = errorCodes(cause);
  const notSent = !timedOut && codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
  return new CloudApiError({
    code: 0,
    httpStatus: 0,
    title,
    message: `${title}: ${reason}${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`,
    outcomeUnknown: !notSent,
    cause,
  });
}

/** A request refused before sending because its input breaks a documented limit. */
export function invalidRequest(details: string): CloudApiError {
  return new CloudApiError({
    code: 100,
    httpStatus: 400,
    title: 'Invalid parameter',
    message: `Invalid request: ${details}`,
    details,
    local: true,
  });
}
