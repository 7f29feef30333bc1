import { CloudApiError } from '@inbox/whatsapp';
import { MAX_RETRIES, withRetries } from './platform-call';

// The retry policy over the client's own error classification (errors.test.ts in packages/whatsapp).
const noWait = async () => undefined;
const error = (init: { code: number; httpStatus: number; outcomeUnknown?: boolean }) =>
  new CloudApiError({ ...init, title: 'x' });

/** Fails with `failure` every time; answers how many calls were made. */
async function callsUntilGivingUp(failure: CloudApiError, safeToRepeat: boolean): Promise<number> {
  let calls = 0;
  await expect(
    withRetries(
      async () => {
        calls++;
        throw failure;
      },
      { safeToRepeat, wait: noWait },
    ),
  ).rejects.toBe(failure);
  return calls;
}

it.each([
  ['a refused connection (never reached Graph)', error({ code: 0, httpStatus: 0 })],
  ['Graph’s throughput limit', error({ code: 130429, httpStatus: 429 })],
  ['Graph’s own 500', error({ code: 131000, httpStatus: 500 })],
])('retries %s, even for a send', async (_label, failure) => {
  expect(await callsUntilGivingUp(failure, false)).toBe(1 + MAX_RETRIES);
});

it.each([
  ['a timeout', error({ code: 0, httpStatus: 0, outcomeUnknown: true })],
  ['a proxy’s 502 page', error({ code: 0, httpStatus: 502, outcomeUnknown: true })],
])('never repeats a send after %s: it may have been delivered', async (_label, failure) => {
  expect(failure.retryable).toBe(true);
  expect(await callsUntilGivingUp(failure, false)).toBe(1);
  // An upload or a reaction may be repeated.
  expect(await callsUntilGivingUp(failure, true)).toBe(1 + MAX_RETRIES);
});

it('does not retry a permanent refusal', async () => {
  expect(await callsUntilGivingUp(error({ code: 131026, httpStatus: 400 }), true)).toBe(1);
});
