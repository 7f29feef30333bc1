import { recipientStats, type Tally } from './campaign-stats';

const t = (status: Tally['status'], recipients: number, everSent = 0, cost = 0): Tally => ({
  status,
  recipients,
  everSent,
  cost,
});

describe('campaign statistics', () => {
  it('count current statuses, and a funnel where each stage includes those beyond it', () => {
    const stats = recipientStats([
      t('PENDING', 3),
      t('DISPATCHING', 1),
      t('SENT', 4, 4),
      t('DELIVERED', 5, 5, 0.05),
      t('READ', 6, 6, 0.06),
      t('REPLIED', 2, 2, 0.02),
      t('FAILED', 4, 1),
    ]);
    expect(stats.counts).toEqual({
      total: 25,
      pending: 4,
      sent: 4,
      delivered: 5,
      read: 6,
      failed: 4,
      replied: 2,
    });
    expect(stats.funnel).toEqual({
      total: 25,
      pending: 4,
      sent: 18,
      delivered: 13,
      read: 8,
      replied: 2,
      failed: 4,
    });
    expect(stats.rates).toEqual({
      delivery: 0.7222,
      read: 0.6154,
      reply: 0.1538,
      failure: 0.1905,
    });
    expect(stats.actualCost).toBe(0.13);
  });

  it('answer zero rates, not NaN, before anything was sent', () => {
    const stats = recipientStats([t('PENDING', 10)]);
    expect(stats.rates).toEqual({ delivery: 0, read: 0, reply: 0, failure: 0 });
    expect(recipientStats([]).counts.total).toBe(0);
  });
});
