/**
 * How many times each recipient was sent each template, and each callback data value: kept for
 * every send (not only the sends `/_sim/sent` still holds), so a test or a bench can count
 * duplicates after 100,000 sends. One counter per (template, recipient) and per callback data.
 */
export class SendCounts {
  private readonly templates = new Map<string, Map<string, number>>();
  private readonly callbacks = new Map<string, number>();
  private total = 0;
  private readonly refused = new Map<number, number>();
  private readonly statuses = new Map<string, number>();
  private lastStatusAt: number | undefined;

  note(waId: string, body: Record<string, unknown>): void {
    this.total += 1;
    const name = (body.template as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string') {
      let byRecipient = this.templates.get(name);
      if (!byRecipient) this.templates.set(name, (byRecipient = new Map()));
      byRecipient.set(waId, (byRecipient.get(waId) ?? 0) + 1);
    }
    const opaque = body.biz_opaque_callback_data;
    if (typeof opaque === 'string') this.callbacks.set(opaque, (this.callbacks.get(opaque) ?? 0) + 1);
  }

  /** Template sends per template name, every one kept (the simulator's template analytics). */
  sendsPerTemplate(): Map<string, number> {
    const totals = new Map<string, number>();
    for (const [name, byRecipient] of this.templates) {
      let sum = 0;
      for (const count of byRecipient.values()) sum += count;
      totals.set(name, sum);
    }
    return totals;
  }

  /** A send refused by a send limit (130429, 131056). */
  noteRefused(code: number): void {
    this.refused.set(code, (this.refused.get(code) ?? 0) + 1);
  }

  /** Statuses a receiver accepted (answered 2xx), and when. */
  noteStatusesDelivered(names: string[], at: number): void {
    for (const name of names) this.statuses.set(name, (this.statuses.get(name) ?? 0) + 1);
    this.lastStatusAt = Math.max(this.lastStatusAt ?? at, at);
  }

  /**
   * Totals and the duplicates (at most `limit` listed): per template and recipient, and per callback
   * data value; `template`, `to` and `callbackPrefix` narrow what is counted.
   */
  summary(filter: CountsFilter = {}, limit = 100): CountsSummary {
    const duplicates: CountsSummary['duplicates'] = [];
    const templates: CountsSummary['templates'] = {};
    let duplicateCount = 0;
    const list = (item: CountsSummary['duplicates'][number]) => {
      duplicateCount += 1;
      if (duplicates.length < limit) duplicates.push(item);
    };
    for (const [name, byRecipient] of filter.totalsOnly ? [] : this.templates) {
      if (filter.template !== undefined && name !== filter.template) continue;
      const counted = { sends: 0, recipients: 0, duplicated: 0 };
      for (const [to, count] of byRecipient) {
        if (filter.to !== undefined && to !== filter.to) continue;
        counted.sends += count;
        counted.recipients += 1;
        if (count > 1) {
          counted.duplicated += 1;
          list({ template: name, to, count });
        }
      }
      if (counted.recipients > 0) templates[name] = counted;
    }
    const callbackData = { sends: 0, distinct: 0, duplicated: 0 };
    if (!filter.totalsOnly && filter.to === undefined && filter.template === undefined) {
      for (const [value, count] of this.callbacks) {
        if (filter.callbackPrefix !== undefined && !value.startsWith(filter.callbackPrefix)) continue;
        callbackData.sends += count;
        callbackData.distinct += 1;
        if (count > 1) {
          callbackData.duplicated += 1;
          list({ callbackData: value, count });
        }
      }
    }
    return {
      sends: this.total,
      refused: Object.fromEntries(this.refused),
      statusesDelivered: Object.fromEntries(this.statuses),
      lastStatusDeliveredAt:
        this.lastStatusAt === undefined ? null : new Date(this.lastStatusAt).toISOString(),
      templates,
      callbackData,
      duplicateCount,
      duplicates,
    };
  }

  reset(): void {
    this.templates.clear();
    this.callbacks.clear();
    this.refused.clear();
    this.statuses.clear();
    this.lastStatusAt = undefined;
    this.total = 0;
  }
}

export interface CountsFilter {
  /** Only the totals (sends, refused, statuses): constant time, for polling. */
  totalsOnly?: boolean;
  template?: string;
  to?: string;
  callbackPrefix?: string;
}

export interface CountsSummary {
  /** Every accepted send since the last reset. */
  sends: number;
  /** Sends refused by a send limit, by error code. */
  refused: Record<string, number>;
  /** Status items whose webhook the receiver accepted, by status, and when the last one was. */
  statusesDelivered: Record<string, number>;
  lastStatusDeliveredAt: string | null;
  /** Per template name: sends, distinct recipients, recipients sent it more than once. */
  templates: Record<string, { sends: number; recipients: number; duplicated: number }>;
  /** Sends carrying `biz_opaque_callback_data`: sends, distinct values, values sent more than once. */
  callbackData: { sends: number; distinct: number; duplicated: number };
  /** Every (template, recipient) and callback value counted more than once; `duplicates` lists the first ones. */
  duplicateCount: number;
  duplicates: ({ template: string; to: string; count: number } | { callbackData: string; count: number })[];
}
