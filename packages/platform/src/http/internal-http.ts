import {
  CONTEXT_METADATA,
  REQUEST_ID_METADATA,
  verifyCallerToken,
  type CallerContext,
  type CallerSecrets,
} from '../context';
import { newId } from '../ids';
import type { Logger } from '../logger';
import { runWithRequestId } from '../request-scope';
import { problemOf, sendProblem, type ProblemResponse } from './problem';

/*
 * The pieces every service's internal HTTP port shares (the routes the gateway proxies, such as
 * multipart uploads and file downloads). Typed by what they use, so Express's request and response
 * satisfy them without the platform depending on Express.
 */

interface CallerRequest {
  get(name: string): string | undefined;
}

interface LocalsResponse {
  locals: Record<string, unknown>;
}

/** Middleware: verifies the caller context the gateway signed, as on gRPC, and keeps it for `callerOf`. */
export function authenticateInternalCaller(secrets: CallerSecrets) {
  return (req: CallerRequest, res: LocalsResponse, next: (error?: unknown) => void): void => {
    try {
      const requestId = req.get(REQUEST_ID_METADATA) ?? newId();
      res.locals.caller = verifyCallerToken(secrets, req.get(CONTEXT_METADATA) ?? '', requestId);
      runWithRequestId(requestId, () => next());
    } catch (error) {
      next(error);
    }
  };
}

/** The verified caller of an internal HTTP request (set by `authenticateInternalCaller`). */
export const callerOf = (res: LocalsResponse): CallerContext => res.locals.caller as CallerContext;

/** The same problem documents as the gateway's, which passes them through unchanged; a 500 carries only an error id. */
export function sendInternalError(
  error: unknown,
  res: ProblemResponse & { headersSent: boolean; destroy(): unknown },
  logger: Logger,
): void {
  if (res.headersSent) {
    // Part of a file is on its way: the connection is cut, so the client sees an incomplete
    // download (ending the response would finish it as if the file were whole).
    logger.error({ err: error }, 'internal HTTP failed after its answer started; connection cut');
    res.destroy();
    return;
  }
  const known = problemOf(error);
  if (known) return sendProblem(res, known);
  const errorId = newId();
  logger.error({ err: error, errorId }, 'unexpected error in internal HTTP');
  sendProblem(res, { status: 500, code: 'INTERNAL', detail: `Internal error ${errorId}`, errorId });
}
