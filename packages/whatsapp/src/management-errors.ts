import type { CloudApiError } from './errors';

/**
 * How a failed management or read call (templates, the number's fields, analytics) is classed.
 * One definition, so every service answers WhatsApp's limits and refused credentials alike;
 * each service still maps the class to its own problem. Sends are classed by `isRetryable`.
 */
type Failure = Pick<CloudApiError, 'code' | 'httpStatus'>;

// App (4), WABA (80007), Business Management (80008) and Cloud API throughput (130429) limits:
// waiting helps. Not the pair rate limit 131056 nor the spam limit 131048: they refuse a send to
// one person, not the account's calls.
const RATE_LIMIT_CODES = new Set([4, 80007, 80008, 130429]);
// Permission denied (10), token expired or revoked (190), access denied (131005).
const ACCESS_CODES = new Set([10, 190, 131005]);

// Code 0 is a network failure (status 0) or an answer without a Graph error; only its status says more.
const unexplained = (error: Failure, ...statuses: number[]) =>
  error.code === 0 && statuses.includes(error.httpStatus);

/** WhatsApp asks to wait: one of its rate limits, or a bare HTTP 429. */
export function isRateLimited(error: Failure): boolean {
  return RATE_LIMIT_CODES.has(error.code) || unexplained(error, 429);
}

/**
 * WhatsApp refuses the channel's credentials, which only the organization can fix: a revoked or
 * expired token, a missing permission (Graph's 200–299), or a bare 401/403 (Graph's AuthException).
 */
export function isAccessRefused(error: Failure): boolean {
  return (
    ACCESS_CODES.has(error.code) || (error.code >= 200 && error.code <= 299) || unexplained(error, 401, 403)
  );
}
