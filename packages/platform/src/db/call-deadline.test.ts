import { runWithDeadline, statementTimeoutNow } from './call-deadline';

describe('statementTimeoutNow', () => {
  it('is the pool default outside a call', () => expect(statementTimeoutNow(15_000)).toBe(15_000));

  it('is the time left before the call deadline, in whole seconds up, never 0, never above the default', async () => {
    const now = Date.now();
    await runWithDeadline(now + 4_200, async () => {
      expect(statementTimeoutNow(15_000, now)).toBe(5_000);
      expect(statementTimeoutNow(3_000, now)).toBe(3_000);
      expect(statementTimeoutNow(15_000, now + 10_000)).toBe(1); // already past: cancel at once
    });
  });

  it('no longer applies once the call has answered, to work it left running', async () => {
    let later: Promise<number> = Promise.resolve(0);
    await runWithDeadline(Date.now() + 1_000, async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(statementTimeoutNow(15_000)), 20));
    });
    expect(await later).toBe(15_000);
  });
});
