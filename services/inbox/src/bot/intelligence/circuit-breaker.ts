export interface CircuitBreakerOptions {
  /** Failures in a row that open the circuit. */
  failures: number;
  /** How long an open circuit skips the call; then one call tries again. */
  openMs: number;
  now?: () => number;
}

/**
 * Skips a remote call that keeps failing: while the model is down or slow, each bot turn would
 * otherwise wait the whole timeout before falling back.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private openUntil = 0;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether a call may go out now. */
  allows(): boolean {
    return this.now() >= this.openUntil;
  }

  succeeded(): void {
    this.consecutive = 0;
    this.openUntil = 0;
  }

  failed(): void {
    this.consecutive += 1;
    // Past the threshold every failure (the trial call after a pause too) opens it again.
    if (this.consecutive >= this.options.failures) this.openUntil = this.now() + this.options.openMs;
  }
}
