import type { StoredRecipientStatus } from '../db/schema';

/** Recipients per stored status, as the repository tallies them. */
export interface Tally {
  status: StoredRecipientStatus;
  recipients: number;
  /** Of them, those WhatsApp accepted once (a FAILED one may have been sent first). */
  everSent: number;
  cost: number;
}

/** Each recipient in exactly one current status; pending includes those being sent. */
export interface Counts {
  total: number;
  pending: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  replied: number;
}

/** Each stage counts the recipients that reached it or went beyond. */
export type Funnel = Counts;

export interface Rates {
  /** delivered / sent */
  delivery: number;
  /** read / delivered */
  read: number;
  /** replied / delivered */
  reply: number;
  /** failed / (total − pending): of the recipients whose outcome is known */
  failure: number;
}

export interface RecipientStats {
  counts: Counts;
  funnel: Funnel;
  rates: Rates;
  /** What billable deliveries cost so far. */
  actualCost: number;
}

const n = (tallies: readonly Tally[], ...statuses: StoredRecipientStatus[]) =>
  tallies.filter((t) => statuses.includes(t.status)).reduce((a, t) => a + t.recipients, 0);

/** A share rounded to 4 decimals; 0 when nothing to divide by. */
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** Money rounded to 6 decimals (sums of rates like 0.0305 drift in binary). */
export const roundMoney = (amount: number) => Math.round(amount * 1_000_000) / 1_000_000;

/** Counts, funnel, rates and cost of a set of recipients, from their tallies. */
export function recipientStats(tallies: readonly Tally[]): RecipientStats {
  const total = tallies.reduce((a, t) => a + t.recipients, 0);
  const counts: Counts = {
    total,
    pending: n(tallies, 'PENDING', 'DISPATCHING'),
    sent: n(tallies, 'SENT'),
    delivered: n(tallies, 'DELIVERED'),
    read: n(tallies, 'READ'),
    failed: n(tallies, 'FAILED'),
    replied: n(tallies, 'REPLIED'),
  };
  const funnel: Funnel = {
    total,
    pending: counts.pending,
    // A reply means the message arrived and was read; a failure after acceptance was still sent.
    sent: tallies.reduce((a, t) => a + t.everSent, 0),
    delivered: n(tallies, 'DELIVERED', 'READ', 'REPLIED'),
    read: n(tallies, 'READ', 'REPLIED'),
    replied: counts.replied,
    failed: counts.failed,
  };
  return {
    counts,
    funnel,
    rates: {
      delivery: ratio(funnel.delivered, funnel.sent),
      read: ratio(funnel.read, funnel.delivered),
      reply: ratio(funnel.replied, funnel.delivered),
      failure: ratio(funnel.failed, total - funnel.pending),
    },
    actualCost: roundMoney(tallies.reduce((a, t) => a + t.cost, 0)),
  };
}
