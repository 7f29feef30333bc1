import type { StoredRecipientStatus } from '../db/schema';
import { OUTCOME_UNKNOWN } from './recipient-status';
import {
  applyStatusReports,
  isBillable,
  mayStillBeStored,
  type RecipientProgress,
  type StatusReport,
} from './status-report';

const T0 = new Date('2026-03-02T10:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

const recipient = (
  status: StoredRecipientStatus,
  over: Partial<RecipientProgress> = {},
): RecipientProgress => ({
  status,
  errorCode: null,
  errorTitle: null,
  errorDetails: null,
  retryableAfter: null,
  providerMessageId: status === 'PENDING' || status === 'DISPATCHING' ? null : 'wamid.A',
  waId: status === 'PENDING' || status === 'DISPATCHING' ? null : '5215512345678',
  leaseUntil: status === 'DISPATCHING' ? at(30) : null,
  sentAt: status === 'PENDING' || status === 'DISPATCHING' ? null : at(0),
  deliveredAt: null,
  readAt: null,
  failedAt: null,
  pricingType: null,
  pricingCategory: null,
  cost: null,
  ...over,
});

const report = (
  status: StatusReport['status'],
  s: number,
  over: Partial<StatusReport> = {},
): StatusReport => ({
  status,
  at: at(s),
  wamid: 'wamid.A',
  waId: '5215512345678',
  ...over,
});

const failed = (code: string, s = 5) =>
  report('failed', s, { error: { code, title: `title ${code}`, details: `details ${code}` } });

/** Reports that print as their statuses in a test's name. */
type Labelled = StatusReport[] & { toString(): string };
const reportsOf = (...reports: StatusReport[]): Labelled =>
  Object.assign(reports, { toString: () => reports.map((r) => r.status).join('+') });

const rate = () => 0.03;
const apply = (current: RecipientProgress, ...reports: StatusReport[]) =>
  applyStatusReports(current, reports, rate);

describe('a campaign recipient moved by status webhooks', () => {
  // [current, reports, status after]
  it.each<[StoredRecipientStatus, Labelled, StoredRecipientStatus]>([
    ['SENT', reportsOf(report('delivered', 2)), 'DELIVERED'],
    ['DELIVERED', reportsOf(report('read', 3)), 'READ'],
    ['SENT', reportsOf(report('read', 3)), 'READ'],
    ['DISPATCHING', reportsOf(report('sent', 1)), 'SENT'],
    ['PENDING', reportsOf(report('delivered', 2)), 'DELIVERED'],
    ['READ', reportsOf(report('delivered', 2)), 'READ'],
    ['READ', reportsOf(report('sent', 1)), 'READ'],
    ['REPLIED', reportsOf(report('read', 3)), 'REPLIED'],
    ['SENT', reportsOf(report('sent', 1)), 'SENT'],
    ['SENT', reportsOf(failed('131026')), 'FAILED'],
    ['DISPATCHING', reportsOf(failed('131026')), 'FAILED'],
    ['DELIVERED', reportsOf(failed('131026')), 'DELIVERED'],
    ['READ', reportsOf(failed('131026')), 'READ'],
    // Several in one webhook, in any order: the highest rank wins.
    ['SENT', reportsOf(report('read', 3), report('delivered', 2), report('sent', 1)), 'READ'],
  ])('%s + %s → %s', (status, reports, expected) => {
    expect(apply(recipient(status), ...reports).next.status).toBe(expected);
  });

  it('read without delivered sets both times; a late delivered moves the delivered time back, not the status', () => {
    const read = apply(recipient('SENT'), report('read', 9)).next;
    expect(read).toMatchObject({ status: 'READ', readAt: at(9), deliveredAt: at(9) });
    const late = apply(read, report('delivered', 4));
    expect(late.next).toMatchObject({ status: 'READ', readAt: at(9), deliveredAt: at(4) });
    expect(late.changes).toEqual([]);
  });

  it('FAILED is final: later reports are ignored and change nothing', () => {
    const current = recipient('FAILED', { errorCode: '131026', failedAt: at(5) });
    const outcome = apply(current, report('delivered', 6), failed('131049', 7));
    expect(outcome.changed).toBe(false);
    expect(outcome.next).toEqual(current);
    expect(outcome.ignored).toEqual([{ status: 'delivered', reason: 'already_failed' }]);
  });

  it('a failure after delivery is ignored', () => {
    const outcome = apply(recipient('DELIVERED'), failed('131026'));
    expect(outcome).toMatchObject({
      changed: false,
      ignored: [{ status: 'failed', reason: 'failed_after_delivery' }],
    });
  });

  it('OUTCOME_UNKNOWN is revived by what WhatsApp says, its error cleared', () => {
    const lost = recipient('FAILED', {
      errorCode: OUTCOME_UNKNOWN,
      errorTitle: 'unknown',
      failedAt: at(40),
      providerMessageId: null,
      waId: null,
      sentAt: null,
    });
    const outcome = apply(lost, report('delivered', 2, { wamid: 'wamid.L', waId: '15550001' }));
    expect(outcome.next).toMatchObject({
      status: 'DELIVERED',
      errorCode: null,
      errorTitle: null,
      failedAt: null,
      providerMessageId: 'wamid.L',
      waId: '15550001',
      sentAt: at(2),
      deliveredAt: at(2),
    });
    expect(outcome.changes).toMatchObject([{ from: 'FAILED', to: 'DELIVERED', errorCode: null }]);
  });

  it('OUTCOME_UNKNOWN then failed takes WhatsApp’s error', () => {
    const lost = recipient('FAILED', { errorCode: OUTCOME_UNKNOWN, failedAt: at(40) });
    const outcome = apply(lost, failed('131026', 3));
    expect(outcome.next).toMatchObject({
      status: 'FAILED',
      errorCode: '131026',
      errorDetails: 'details 131026',
    });
    expect(outcome.changes).toMatchObject([{ from: 'FAILED', to: 'FAILED', errorCode: '131026' }]);
  });

  it('a DISPATCHING recipient whose answer was lost learns its wamid and wa_id, and loses its lease', () => {
    const outcome = apply(
      recipient('DISPATCHING'),
      report('sent', 1, { wamid: 'wamid.D', waId: '5215500000000' }),
    );
    expect(outcome.next).toMatchObject({
      status: 'SENT',
      providerMessageId: 'wamid.D',
      waId: '5215500000000',
      leaseUntil: null,
      sentAt: at(1),
    });
  });

  it('131049 may be retried 24 h after the failure; other codes not', () => {
    expect(apply(recipient('SENT'), failed('131049', 5)).next.retryableAfter).toEqual(
      new Date(at(5).getTime() + 24 * 3600 * 1000),
    );
    expect(apply(recipient('SENT'), failed('131050', 5)).next.retryableAfter).toBeNull();
  });

  it('keeps the first pricing once, costed only when regular', () => {
    const regular = { type: 'regular', category: 'marketing', billable: true };
    const first = apply(recipient('SENT'), report('delivered', 2, { pricing: regular }));
    expect(first.next).toMatchObject({ pricingType: 'regular', pricingCategory: 'marketing', cost: 0.03 });
    expect(first.changes).toMatchObject([
      { to: 'DELIVERED', pricing: { type: 'regular', category: 'marketing' }, cost: 0.03 },
    ]);
    const again = apply(first.next, report('read', 3, { pricing: { ...regular, category: 'utility' } }));
    expect(again.next).toMatchObject({ pricingCategory: 'marketing', cost: 0.03 });
    expect(again.changes).toMatchObject([{ to: 'READ', pricing: null, cost: null }]);
    const free = apply(
      recipient('SENT'),
      report('delivered', 2, { pricing: { type: 'free_customer_service', category: 'utility' } }),
    );
    expect(free.next).toMatchObject({ pricingType: 'free_customer_service', cost: 0 });
  });

  it('pricing that comes late, without a status move, is still one change', () => {
    const outcome = apply(
      recipient('READ'),
      report('sent', 1, { pricing: { type: 'regular', category: 'marketing' } }),
    );
    expect(outcome.changes).toMatchObject([{ from: 'READ', to: 'READ', cost: 0.03 }]);
  });

  it('reports applied twice change nothing the second time', () => {
    const reports = [
      report('sent', 1),
      report('delivered', 2, { pricing: { type: 'regular', category: 'utility' } }),
    ];
    const once = apply(recipient('DISPATCHING'), ...reports);
    const twice = apply(once.next, ...reports);
    expect(once.changed).toBe(true);
    expect(twice).toMatchObject({ changed: false, changes: [] });
  });

  it('bills on type regular; billable only without a type', () => {
    expect(isBillable({ type: 'regular', category: 'marketing', billable: false })).toBe(true);
    expect(isBillable({ type: 'free_entry_point', category: 'marketing', billable: true })).toBe(false);
    expect(isBillable({ category: 'marketing', billable: true })).toBe(true);
    expect(isBillable({ category: 'marketing' })).toBe(false);
  });

  it('waits a minute for an unknown recipient', () => {
    expect(mayStillBeStored(at(0), at(59))).toBe(true);
    expect(mayStillBeStored(at(0), at(60))).toBe(false);
  });
});
