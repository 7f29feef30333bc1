import {
  DEFAULT_CODE_BY_HTTP,
  DomainError,
  GRPC_STATUS_BY_KIND,
  HTTP_STATUS_BY_GRPC,
  type FieldError,
  type ProblemMemberValue,
} from '../errors';
import { isStatementCancelled } from '../db/call-deadline';
import { isDataException } from '../db/database';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export interface Problem {
  status: number;
  code?: string;
  detail: string;
  errors?: FieldError[];
  errorId?: string;
  /** Extra members of the document (a DomainError's `details.members`); never the standard ones. */
  members?: Record<string, ProblemMemberValue>;
  /** When to try again: sendProblem writes `Retry-After`. */
  retryAt?: Date;
}

/** An HTTP failure with no domain kind of its own (413, 415, routing, body parsing). */
export class HttpProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'HttpProblem';
  }
}

/** RFC 9457 problem details with a stable machine `code` and field `errors`: the one shape every HTTP answer uses. */
export function problemDocument(problem: Problem) {
  const code = problem.code ?? DEFAULT_CODE_BY_HTTP[problem.status] ?? 'ERROR';
  return {
    // Extensions first: a member named like a standard one is overwritten by it below.
    ...problem.members,
    type: `https://inbox.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code,
    errors: problem.errors ?? [],
    ...(problem.errorId ? { errorId: problem.errorId } : {}),
  };
}

/** The problem a known error stands for; undefined for unexpected errors (a 500 with an error id). */
export function problemOf(error: unknown): Problem | undefined {
  if (error instanceof HttpProblem) return error.problem;
  if (error instanceof DomainError)
    return {
      status: HTTP_STATUS_BY_GRPC[GRPC_STATUS_BY_KIND[error.kind]] ?? 500,
      code: error.code,
      detail: error.message,
      errors: error.fields,
      members: error.details.members,
      retryAt: error.details.retryAt,
    };
  // The same answer the gRPC layer gives (grpc/errors.ts), for the HTTP ports that query directly.
  if (isDataException(error))
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'A value in the request is not acceptable (invalid characters, date or number)',
    };
  if (isStatementCancelled(error))
    return { status: 504, code: 'TIMEOUT', detail: 'The request took too long and was cancelled' };
  return undefined;
}

/** What sendProblem needs of a response (Express's satisfies it). */
export interface ProblemResponse {
  status(code: number): this;
  type(type: string): this;
  json(body: unknown): unknown;
  setHeader(name: string, value: string): unknown;
}

/** `Retry-After` in whole seconds until `at`, at least 1 (a time already past means "now"). */
export const retryAfterSeconds = (at: Date, now = Date.now()): number =>
  Math.max(1, Math.ceil((at.getTime() - now) / 1000));

export function sendProblem(res: ProblemResponse, problem: Problem): void {
  if (problem.retryAt) res.setHeader('Retry-After', String(retryAfterSeconds(problem.retryAt)));
  res.status(problem.status).type('application/problem+json').json(problemDocument(problem));
}
