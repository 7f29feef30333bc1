import type { SendRateLimiter } from '../deps';

/**
 * Runs one loop per limiter (a caller each), every loop acquiring `perCaller` sends of
 * `phoneNumberId` at `rate`: how long they took in all, and which caller got each send, in order.
 * Time bounds in the tests are lower bounds (a loaded machine only makes it slower).
 */
export async function acquireAll(
  limiters: SendRateLimiter[],
  phoneNumberId: string,
  rate: number,
  perCaller: number,
): Promise<{ ms: number; order: number[] }> {
  const started = Date.now();
  const order: number[] = [];
  await Promise.all(
    limiters.map(async (limiter, caller) => {
      for (let i = 0; i < perCaller; i++) {
        await limiter.acquire(phoneNumberId, rate);
        order.push(caller);
      }
    }),
  );
  return { ms: Date.now() - started, order };
}

/** The largest lead one caller had over another at any point of the grant order. */
export function largestLead(order: number[], callers: number): number {
  const counts = new Array<number>(callers).fill(0);
  let lead = 0;
  for (const caller of order) {
    counts[caller]++;
    lead = Math.max(lead, Math.max(...counts) - Math.min(...counts));
  }
  return lead;
}

/** Milliseconds the next acquire waits. */
export async function nextWait(
  limiter: SendRateLimiter,
  phoneNumberId: string,
  rate: number,
): Promise<number> {
  const started = Date.now();
  await limiter.acquire(phoneNumberId, rate);
  return Date.now() - started;
}
