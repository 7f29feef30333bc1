import { DomainError, isServiceError, type RateLimiter } from '@inbox/platform';
import { enforce } from '../http/rate-limited';

/**
 * Runs `attempt` under a limit that counts only its refusals (401s): a wrong password spends one,
 * a successful sign-in gives its reservation back. The hit is reserved before the attempt, so
 * concurrent guesses cannot all pass a check made before any of them failed.
 */
export async function limitFailures<T>(
  limiter: RateLimiter,
  limit: { key: string; limit: number; windowMs: number },
  attempt: () => Promise<T>,
): Promise<T> {
  enforce(await limiter.hit(limit.key, limit.limit, limit.windowMs));
  try {
    const result = await attempt();
    await limiter.refund(limit.key, limit.windowMs);
    return result;
  } catch (error) {
    if (!refusal(error)) await limiter.refund(limit.key, limit.windowMs);
    throw error;
  }
}

/** The directory said no to the credentials (gRPC UNAUTHENTICATED, or the same as a domain error). */
function refusal(error: unknown): boolean {
  if (error instanceof DomainError) return error.kind === 'unauthenticated';
  return isServiceError(error) && error.code === 16;
}
