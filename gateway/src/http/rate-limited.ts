import { HttpProblem, type RateLimitDecision } from '@inbox/platform';

/** 429 with the Retry-After the limiter computed (respondWithError writes the header). */
export class RateLimited extends HttpProblem {
  constructor(readonly retryAfterSeconds: number) {
    super({
      status: 429,
      code: 'RATE_LIMITED',
      detail: `Too many requests; retry in ${retryAfterSeconds} s`,
    });
  }
}

/** Throws RateLimited when the decision refused the request. */
export function enforce(decision: RateLimitDecision | null): void {
  if (decision && !decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
}
