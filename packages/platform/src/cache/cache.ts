/** A small key-value cache with expiry: Redis in the distributed mode, memory otherwise. */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Whether the backing store answers (readiness). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests left in the current window. */
  remaining: number;
  /** When the caller may try again, in whole seconds (for Retry-After). */
  retryAfterSeconds: number;
}

/** Counts hits per key in a window shared by every gateway replica (Redis) or by this process (memory). */
export interface RateLimiter {
  /** Counts a hit if it fits the limit (a refused hit is not counted). */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /** Whether a hit would fit now, counting nothing (checks on failure counters before the work). */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /** Takes back one counted hit (an attempt reserved before the work turned out to succeed). */
  refund(key: string, windowMs: number): Promise<void>;
}
