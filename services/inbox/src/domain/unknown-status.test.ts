import { retryDelayMs } from '@inbox/platform';
import { PROVIDER_WEBHOOKS_SUBSCRIPTION } from '../consumers/provider-webhooks.consumer';
import { mayStillBeStored, UNKNOWN_STATUS_GRACE_MS } from './unknown-status';

const received = new Date('2026-03-05T12:00:00Z');
const after = (ms: number) => new Date(received.getTime() + ms);

describe('a status about a message not stored', () => {
  it.each([
    [0, true],
    [59_999, true],
    [60_000, false],
    [3_600_000, false],
  ])('%i ms after the webhook was received: may still be stored = %s', (elapsed, expected) => {
    expect(mayStillBeStored(received, after(elapsed))).toBe(expected);
  });

  it('is retried by the webhooks consumer for longer than the grace, so it is dropped and never parked', () => {
    const { maxAttempts, retryBaseMs } = PROVIDER_WEBHOOKS_SUBSCRIPTION;
    let lastAttemptAt = 0;
    for (let failed = 1; failed < maxAttempts; failed++) lastAttemptAt += retryDelayMs(failed, retryBaseMs);
    expect(lastAttemptAt).toBeGreaterThan(UNKNOWN_STATUS_GRACE_MS);
  });
});
