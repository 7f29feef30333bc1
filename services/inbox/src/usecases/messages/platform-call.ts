import { setTimeout as sleep } from 'node:timers/promises';
import { CloudApiError, retryDelayForError } from '@inbox/whatsapp';
import { DomainError } from '@inbox/platform';

/** Transient platform errors are retried this many times within one request. */
export const MAX_RETRIES = 3;
/**
 * The most a request may spend waiting between attempts: an agent is waiting for the answer,
 * and the gateway's deadline must not pass first. Longer advised waits are cut to what is left.
 */
export const RETRY_BUDGET_MS = 6_000;

export interface RetryOptions {
  /**
   * Whether doing the call twice is harmless (an upload, a reaction). A send is not: after a timeout
   * or a dropped connection it may have been delivered, so only failures Graph certainly did not
   * act on (refused connection, Graph's own 429/5xx errors) are retried.
   */
  safeToRepeat: boolean;
  wait?: (ms: number) => Promise<unknown>;
}

/** Calls the platform, retrying transient failures (rate limits, 5xx, network) with the advised backoff. */
export async function withRetries<T>(
  call: () => Promise<T>,
  options: RetryOptions = { safeToRepeat: false },
): Promise<T> {
  const wait = options.wait ?? sleep;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof CloudApiError) || !error.retryable || attempt >= MAX_RETRIES) throw error;
      if (error.outcomeUnknown && !options.safeToRepeat) throw error;
      const left = RETRY_BUDGET_MS - (Date.now() - started);
      if (left <= 0) throw error;
      await wait(Math.min(retryDelayForError(error, attempt), left));
    }
  }
}

/**
 * A platform refusal of something that leaves no message behind (a reaction): 503 when it may
 * work later, else 409 with the platform's code in the text.
 */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof CloudApiError)) return error;
  const text = `WhatsApp refused the request: (#${error.code}) ${error.title}${error.details ? ` — ${error.details}` : ''}`;
  return error.retryable
    ? new DomainError('unavailable', 'PROVIDER_UNAVAILABLE', text)
    : new DomainError('conflict', 'PROVIDER_REJECTED', text);
}
