import type { RateLimiter } from '@inbox/platform';
import { enforce } from '../http/rate-limited';

export interface AuthFailureLimits {
  /** Failed authentications one client address may make per window before everything it sends is 429. */
  AUTH_FAILURES_PER_IP: number;
  AUTH_FAILURE_WINDOW_SECONDS: number;
}

/**
 * Counts failed authentications (bad or forged tokens, unknown API keys, a wrong platform token)
 * per client address, so guessing credentials or flooding the directory with lookups from one
 * address ends in 429 before any lookup. A lookup reserves a failure first and gives it back when
 * it succeeds: concurrent guesses cannot all slip under the limit.
 */
export class AuthFailures {
  private readonly windowMs: number;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: AuthFailureLimits,
  ) {
    this.windowMs = limits.AUTH_FAILURE_WINDOW_SECONDS * 1000;
  }

  private key(address: string | undefined): string {
    return `rl:auth-fail:${address ?? 'unknown'}`;
  }

  /** Throws 429 when the address has used up its failures; counts nothing. */
  async check(address: string | undefined): Promise<void> {
    enforce(await this.peek(address));
  }

  /** The decision without counting (to be sent together with other Redis commands). */
  peek(address: string | undefined) {
    return this.limiter.peek(this.key(address), this.limits.AUTH_FAILURES_PER_IP, this.windowMs);
  }

  /** Counts one failure (or reserves one before a lookup); throws 429 when none was left. */
  async count(address: string | undefined): Promise<void> {
    enforce(await this.limiter.hit(this.key(address), this.limits.AUTH_FAILURES_PER_IP, this.windowMs));
  }

  /** Gives back a failure reserved before a lookup that succeeded (or failed for another reason). */
  async release(address: string | undefined): Promise<void> {
    await this.limiter.refund(this.key(address), this.windowMs);
  }
}
