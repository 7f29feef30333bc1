import { expiringWithinRange, isWindowOpen, windowExpiresAt, WINDOW_MS } from './reply-window';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('reply window', () => {
  it('expires 24 hours after the last customer message', () => {
    expect(windowExpiresAt(new Date('2026-05-10T08:30:00Z'))?.toISOString()).toBe('2026-05-11T08:30:00.000Z');
    expect(windowExpiresAt(null)).toBeNull();
  });

  it.each([
    ['no customer message yet', null, false],
    ['a message a minute ago', ago(60_000), true],
    ['one millisecond before expiry', ago(WINDOW_MS - 1), true],
    ['exactly 24 hours ago', ago(WINDOW_MS), false],
    ['two days ago', ago(2 * WINDOW_MS), false],
  ])('%s → open %s', (_name, last, open) => expect(isWindowOpen(last, now)).toBe(open));

  it('"expiring within N minutes" means still open and closing within N', () => {
    const { lastCustomerAfter, lastCustomerAtOrBefore } = expiringWithinRange(60, now);
    const qualifies = (last: Date) => last > lastCustomerAfter && last <= lastCustomerAtOrBefore;
    expect(qualifies(ago(WINDOW_MS - 30 * 60_000))).toBe(true); // closes in 30 min
    expect(qualifies(ago(WINDOW_MS - 90 * 60_000))).toBe(false); // closes in 90 min
    expect(qualifies(ago(WINDOW_MS + 60_000))).toBe(false); // already closed
  });
});
