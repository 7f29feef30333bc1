import type { Response } from 'express';
import { DEFAULT_CODE_BY_HTTP, type FieldError } from '@inbox/platform';

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
}

/** An HTTP failure the gateway raises itself (validation, auth, routing). */
export class HttpProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** RFC 9457 problem details, with a stable machine `code` and field `errors`. */
export function sendProblem(res: Response, problem: Problem): void {
  const code = problem.code ?? DEFAULT_CODE_BY_HTTP[problem.status] ?? 'ERROR';
  res
    .status(problem.status)
    .type('application/problem+json')
    .json({
      type: `https://inbox.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`,
      title: TITLES[problem.status] ?? 'Error',
      status: problem.status,
      detail: problem.detail,
      code,
      errors: problem.errors ?? [],
      ...(problem.errorId ? { errorId: problem.errorId } : {}),
    });
}
