import type { StoredRecipientStatus } from '../db/schema';
import { RECIPIENT_RANK, OUTCOME_UNKNOWN } from './recipient-status';
import { RETRYABLE_AFTER_131049_MS } from './send-errors';

/**
 * What WhatsApp's status webhooks do to a campaign recipient (reference §1.6, §B3, §B4). Pure:
 * the use case reads the rows, this decides, the repository writes. Statuses arrive out of order
 * and more than once, so applying the same reports again, or in another order, ends in the same row.
 */

/** One `statuses[]` item about a recipient, read from the webhook. */
export interface StatusReport {
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** The message's wamid and the person's wa_id (`recipient_id`): learned when the worker lost them. */
  wamid: string;
  waId: string;
  error?: { code: string; title: string; details: string | null };
  pricing?: ReportedPricing;
}

export interface ReportedPricing {
  /** regular | free_customer_service | free_entry_point (absent before July 2025). */
  type?: string;
  category: string;
  /** Deprecated by WhatsApp: read only when `type` is absent. */
  billable?: boolean;
}

/** The columns of a recipient that statuses change. */
export interface RecipientProgress {
  status: StoredRecipientStatus;
  errorCode: string | null;
  errorTitle: string | null;
  errorDetails: string | null;
  retryableAfter: Date | null;
  providerMessageId: string | null;
  waId: string | null;
  leaseUntil: Date | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
  pricingType: string | null;
  pricingCategory: string | null;
  cost: number | null;
}

/** One visible change, for the batched `recipient.status_changed` event. */
export interface ProgressChange {
  from: StoredRecipientStatus;
  to: StoredRecipientStatus;
  at: Date;
  errorCode: string | null;
  pricing: { type?: string; category?: string } | null;
  cost: number | null;
}

export interface ProgressOutcome {
  next: RecipientProgress;
  /** The row differs from what it was: write it. */
  changed: boolean;
  changes: ProgressChange[];
  /** Reports that contradict a final state (a failure after delivery, anything after FAILED). */
  ignored: { status: StatusReport['status']; reason: 'already_failed' | 'failed_after_delivery' }[];
}

/**
 * Recipients are stored before any send, so a status naming one not stored is almost surely not
 * ours (another deployment on the number, a test). It is retried for a minute after the webhook
 * arrived, like the inbox's statuses, then dropped: retried forever, or parked, it would pile up.
 */
export const UNKNOWN_RECIPIENT_GRACE_MS = 60_000;

export const mayStillBeStored = (receivedAt: Date, now: Date): boolean =>
  now.getTime() - receivedAt.getTime() < UNKNOWN_RECIPIENT_GRACE_MS;

/** WhatsApp charges a delivered template when `pricing.type` is `regular`; `billable` only without a type. */
export const isBillable = (pricing: ReportedPricing): boolean =>
  pricing.type !== undefined ? pricing.type === 'regular' : pricing.billable === true;

const TARGET = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' } as const;
const ORDER = { sent: 0, delivered: 1, read: 2, failed: 3 } as const;

const earliest = (a: Date | null, b: Date): Date => (a && a.getTime() <= b.getTime() ? a : b);

/** Before delivery a send may still fail (131026, 131049… arrive this way); after it, never. */
const MAY_FAIL: ReadonlySet<StoredRecipientStatus> = new Set(['PENDING', 'DISPATCHING', 'SENT']);

/**
 * Applies a recipient's reports in WhatsApp's time order. Ranks only rise (`read` without
 * `delivered` sets both times); FAILED is final except our own OUTCOME_UNKNOWN, which WhatsApp's
 * word replaces; the wamid and wa_id fill in when missing; the first pricing is kept, its cost
 * from `costOf` (the rate of the recipient's market and the pricing category) when billable.
 */
export function applyStatusReports(
  current: RecipientProgress,
  reports: readonly StatusReport[],
  costOf: (pricing: ReportedPricing) => number,
): ProgressOutcome {
  const sorted = [...reports].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || ORDER[a.status] - ORDER[b.status],
  );
  const outcome: ProgressOutcome = { next: { ...current }, changed: false, changes: [], ignored: [] };
  for (const report of sorted) applyOne(outcome, report, costOf);
  return outcome;
}

function applyOne(
  outcome: ProgressOutcome,
  report: StatusReport,
  costOf: (pricing: ReportedPricing) => number,
): void {
  const state = outcome.next;
  const from = state.status;
  const unknown = from === 'FAILED' && state.errorCode === OUTCOME_UNKNOWN;
  const patch: Partial<RecipientProgress> = {};
  if (state.providerMessageId === null) patch.providerMessageId = report.wamid;
  if (state.waId === null) patch.waId = report.waId;
  let to: StoredRecipientStatus = from;
  if (from === 'FAILED' && !unknown) {
    if (report.status !== 'failed') outcome.ignored.push({ status: report.status, reason: 'already_failed' });
  } else if (report.status === 'failed') {
    if (MAY_FAIL.has(from) || unknown) {
      to = 'FAILED';
      Object.assign(patch, failure(report));
    } else outcome.ignored.push({ status: report.status, reason: 'failed_after_delivery' });
  } else {
    Object.assign(patch, timesOf(state, report));
    const target = TARGET[report.status];
    if (unknown || RECIPIENT_RANK[target] > RECIPIENT_RANK[from]) {
      to = target;
      Object.assign(patch, { leaseUntil: null }, unknown ? NO_ERROR : {});
    }
  }
  patch.status = to;
  const pricing = to === 'FAILED' ? undefined : report.pricing;
  const takesPricing = pricing !== undefined && state.pricingType === null && state.pricingCategory === null;
  if (takesPricing) {
    patch.pricingType = pricing.type ?? null;
    patch.pricingCategory = pricing.category;
    patch.cost = isBillable(pricing) ? costOf(pricing) : 0;
  }
  const next = { ...state, ...patch };
  if (!sameProgress(state, next)) outcome.changed = true;
  outcome.next = next;
  const errorMoved = to === 'FAILED' && next.errorCode !== state.errorCode;
  if (to !== from || errorMoved || takesPricing) {
    outcome.changes.push({
      from,
      to,
      at: report.at,
      errorCode: to === 'FAILED' ? next.errorCode : null,
      pricing: takesPricing ? { type: pricing.type, category: pricing.category } : null,
      cost: takesPricing ? (next.cost ?? null) : null,
    });
  }
}

const NO_ERROR = {
  errorCode: null,
  errorTitle: null,
  errorDetails: null,
  retryableAfter: null,
  failedAt: null,
} satisfies Partial<RecipientProgress>;

function failure(report: StatusReport): Partial<RecipientProgress> {
  const error = report.error ?? {
    code: 'UNKNOWN',
    title: 'Failed without an error from WhatsApp',
    details: null,
  };
  return {
    errorCode: error.code,
    errorTitle: error.title,
    errorDetails: error.details,
    // WhatsApp's per-user marketing limit: another attempt may be delivered a day later.
    retryableAfter:
      error.code === '131049' ? new Date(report.at.getTime() + RETRYABLE_AFTER_131049_MS) : null,
    failedAt: report.at,
    leaseUntil: null,
  };
}

/** The times a delivery report fills in: the earliest known, however late a report arrives. */
function timesOf(state: RecipientProgress, report: StatusReport): Partial<RecipientProgress> {
  const times: Partial<RecipientProgress> = { sentAt: state.sentAt ?? report.at };
  if (report.status === 'delivered') times.deliveredAt = earliest(state.deliveredAt, report.at);
  if (report.status === 'read') {
    times.readAt = earliest(state.readAt, report.at);
    times.deliveredAt = state.deliveredAt ?? report.at;
  }
  return times;
}

const KEYS = [
  'status',
  'errorCode',
  'errorTitle',
  'errorDetails',
  'retryableAfter',
  'providerMessageId',
  'waId',
  'leaseUntil',
  'sentAt',
  'deliveredAt',
  'readAt',
  'failedAt',
  'pricingType',
  'pricingCategory',
  'cost',
] as const satisfies readonly (keyof RecipientProgress)[];

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

const sameProgress = (a: RecipientProgress, b: RecipientProgress) => KEYS.every((k) => same(a[k], b[k]));
