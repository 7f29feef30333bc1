import { acquireAll, largestLead, nextWait } from '../testing/send-rate-checks';
import { createMemorySendRate } from './send-rate';

describe('memory send rate', () => {
  it('lets a number send at its rate, however many callers ask', async () => {
    const limiter = createMemorySendRate();
    // 60 sends at 200/s: the first at once, the 59 others 5 ms apart.
    const { ms } = await acquireAll([limiter, limiter, limiter, limiter], 'pn-1', 200, 15);
    expect(ms).toBeGreaterThanOrEqual(270);
  });

  it('serves concurrent callers in turn: none is starved', async () => {
    const limiter = createMemorySendRate();
    const { order } = await acquireAll([limiter, limiter, limiter], 'pn-2', 100, 10);
    expect(order).toHaveLength(30);
    // In turn: a starving limiter lets one caller take its 10 tokens before the others get any (a
    // lead of 10); timers under a loaded machine may reorder neighbours by a few.
    expect(largestLead(order, 3)).toBeLessThanOrEqual(5);
  });

  it('keeps one bucket per number: a backlog on one does not hold another', async () => {
    const limiter = createMemorySendRate();
    // Two seconds of sends reserved on pn-a...
    const started = Date.now();
    const backlog = Promise.all(Array.from({ length: 9 }, () => limiter.acquire('pn-a', 4)));
    // ...while pn-b sends at once.
    expect(await nextWait(limiter, 'pn-b', 4)).toBeLessThan(1_000);
    await backlog;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_950);
  });

  it('backOff empties the bucket until then, for that number only', async () => {
    const limiter = createMemorySendRate({ capacity: 5 });
    await limiter.acquire('pn-3', 4);
    const backedOffAt = Date.now();
    await limiter.backOff('pn-3', 1_000);
    const other = nextWait(limiter, 'pn-4', 4);
    expect(await nextWait(limiter, 'pn-3', 4)).toBeGreaterThanOrEqual(950);
    expect(await other).toBeLessThan(500);
    // Empty, not refilled: the send after comes one interval (250 ms at 4/s) after the first, so
    // both take 1 s + 250 ms from the back-off (a refilled bucket: ~1 s). Counted from the back-off,
    // not between the two: a busy event loop may resume this test late, never the bucket early.
    await limiter.acquire('pn-3', 4);
    expect(Date.now() - backedOffAt).toBeGreaterThanOrEqual(1_200);
  });

  it('an idle number sends its capacity at once, then at the rate', async () => {
    const limiter = createMemorySendRate({ capacity: 3 });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await limiter.acquire('pn-5', 2);
    expect(Date.now() - started).toBeLessThan(400);
    expect(await nextWait(limiter, 'pn-5', 2)).toBeGreaterThanOrEqual(450);
  });

  it('refuses a rate that is not a positive number', async () => {
    await expect(createMemorySendRate().acquire('pn-6', 0)).rejects.toThrow(RangeError);
  });
});
