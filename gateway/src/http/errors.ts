import type { Request, Response } from 'express';
import { fromServiceError, isServiceError, newId, problemOf, type Logger } from '@inbox/platform';
import { sendProblem } from './problem';
import { RateLimited } from './rate-limited';

/** Body-parser failures carry a `type`; they are the client's fault and get a 4xx. */
const BODY_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  'entity.parse.failed': {
    status: 400,
    code: 'MALFORMED_JSON',
    detail: 'The request body is not valid JSON',
  },
  'entity.too.large': {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: 'The request body is larger than 1 MB',
  },
  'encoding.unsupported': {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Unsupported content encoding',
  },
  'charset.unsupported': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Unsupported charset' },
  'request.aborted': { status: 400, code: 'REQUEST_ABORTED', detail: 'The request was aborted' },
};

/**
 * Every failure on the way out becomes one problem document; unexpected ones are logged once with
 * an id. `statusByCode`: a route's own status for some service error codes (RouteSpec.statusByCode).
 */
export function respondWithError(
  error: unknown,
  req: Request,
  res: Response,
  logger: Logger,
  statusByCode: Record<string, number> = {},
): void {
  if (res.headersSent) {
    logger.error({ err: error, requestId: res.locals.requestId }, 'error after the answer started');
    res.end();
    return;
  }
  const known = problemOf(error);
  if (known) {
    if (error instanceof RateLimited) res.set('Retry-After', String(error.retryAfterSeconds));
    else if (known.status === 429 && !res.get('Retry-After')) res.set('Retry-After', '1');
    return sendProblem(res, known);
  }
  if (isServiceError(error)) {
    const failure = fromServiceError(error);
    if (failure.httpStatus >= 500)
      logger.error(
        { err: error, requestId: res.locals.requestId, errorId: failure.errorId },
        'service call failed',
      );
    // Only a refusal is refined: a failure stays a failure, whatever its code.
    const refined = failure.httpStatus < 500 && Object.hasOwn(statusByCode, failure.code);
    return sendProblem(res, {
      status: refined ? statusByCode[failure.code] : failure.httpStatus,
      code: failure.code,
      detail: failure.message,
      errors: failure.fields,
      errorId: failure.errorId,
      members: failure.members,
      retryAt: failure.retryAt,
    });
  }
  const bodyError =
    typeof error === 'object' && error !== null && 'type' in error
      ? BODY_ERRORS[String(error.type)]
      : undefined;
  if (bodyError) return sendProblem(res, bodyError);
  // The router could not decode a path parameter (`/users/%zz`): the client's fault.
  if (error instanceof URIError)
    return sendProblem(res, {
      status: 400,
      code: 'MALFORMED_PATH',
      detail: 'The request path is not valid percent-encoded UTF-8',
    });
  const errorId = newId();
  logger.error(
    { err: error, errorId, requestId: res.locals.requestId, method: req.method, path: req.path },
    'unexpected error',
  );
  sendProblem(res, { status: 500, code: 'INTERNAL', detail: `Internal error ${errorId}`, errorId });
}
