import { DomainError } from '@inbox/platform';
import type { InboxPort } from '../inbox-client';

export interface WabaOwnersOptions {
  /** How long an answer is trusted (a WABA moves between organizations rarely, and only by an Admin). */
  ttlMs?: number;
  /** How long "nobody has this WABA" is trusted: short, so a channel just set up gets its webhooks. */
  missTtlMs?: number;
  /** Entries kept at most (oldest dropped first). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Which organization owns a WABA, asked of the inbox (`GetChannelAccess` with `waba_id`) and
 * remembered briefly: a burst of template webhooks costs one call. Call it outside transactions.
 */
export class WabaOwners {
  private readonly entries = new Map<string, { orgId: number | null; until: number }>();
  private readonly ttlMs: number;
  private readonly missTtlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly inbox: Pick<InboxPort, 'getChannelAccess'>,
    options: WabaOwnersOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.missTtlMs = options.missTtlMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The owner's organization id, or null when no organization has this WABA. */
  async orgOf(wabaId: string, requestId: string): Promise<number | null> {
    const hit = this.entries.get(wabaId);
    if (hit && hit.until > this.now()) return hit.orgId;
    let orgId: number | null;
    try {
      orgId = (await this.inbox.getChannelAccess({ wabaId, requestId })).orgId;
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
      orgId = null;
    }
    this.entries.delete(wabaId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(wabaId, { orgId, until: this.now() + (orgId === null ? this.missTtlMs : this.ttlMs) });
    return orgId;
  }
}
