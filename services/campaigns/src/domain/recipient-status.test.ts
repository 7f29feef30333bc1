import { RECIPIENT_RANK, ranksAbove, shownStatus, storedStatusesOf } from './recipient-status';

describe('recipient statuses', () => {
  it('rank PENDING < DISPATCHING < SENT < DELIVERED < READ < REPLIED, FAILED above all', () => {
    const order = Object.entries(RECIPIENT_RANK)
      .sort(([, a], [, b]) => a - b)
      .map(([status]) => status);
    expect(order).toEqual(['PENDING', 'DISPATCHING', 'SENT', 'DELIVERED', 'READ', 'REPLIED', 'FAILED']);
    expect(ranksAbove('READ', 'DELIVERED')).toBe(true);
    expect(ranksAbove('DELIVERED', 'READ')).toBe(false);
    expect(ranksAbove('SENT', 'SENT')).toBe(false);
  });

  it('show a recipient being sent as PENDING, and filter PENDING over both', () => {
    expect(shownStatus('DISPATCHING')).toBe('PENDING');
    expect(shownStatus('READ')).toBe('READ');
    expect(storedStatusesOf('PENDING')).toEqual(['PENDING', 'DISPATCHING']);
    expect(storedStatusesOf('FAILED')).toEqual(['FAILED']);
  });
});
