import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  HISTORY_PAGE_MAX_BYTES,
  HISTORY_PAGE_MAX_EVENTS,
  HISTORY_SERVICE_PRINCIPAL,
  type HistoryEventView,
} from '@inbox/contracts';
import type { CallerContext } from './context';
import { isIsoInstant } from './cursor';
import type { Db } from './db/database';
import { forbidden, invalid } from './errors';

/**
 * The history export's shared rules (proto/history/v1/history.proto): who may call it, what a
 * request means, and how a synthesized event travels. Each service synthesizes its own events.
 */

/** Only the analytics rebuild, as a SERVICE caller: the export spans every organization. */
export function requireHistoryCaller(caller: CallerContext): void {
  if (caller.kind !== 'SERVICE' || caller.principalId !== HISTORY_SERVICE_PRINCIPAL)
    throw forbidden('Only the analytics rebuild may export history');
}

/** A validated ExportHistory request. */
export interface HistoryQuery {
  /** Facts at or after this instant are left out (the rebuild's cutoff). */
  before: Date;
  /** The previous page's `next` ('' for the first page); opaque to the caller. */
  after: string;
  /** Units per page (conversations, campaigns, users). */
  limit: number;
}

export function historyQuery(request: {
  before?: string | null;
  after?: string | null;
  limit?: number | null;
}): HistoryQuery {
  // An instant both JavaScript and PostgreSQL read alike: a 400 here, not a 500 from the query.
  if (!request.before || !isIsoInstant(request.before))
    throw invalid('INVALID_BEFORE', '`before` must be an ISO 8601 instant', [
      { path: 'before', message: 'an ISO 8601 instant' },
    ]);
  const before = new Date(request.before);
  const limit = request.limit ? request.limit : HISTORY_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT)
    throw invalid('INVALID_LIMIT', `\`limit\` must be 1 to ${HISTORY_MAX_LIMIT}`, [
      { path: 'limit', message: `1 to ${HISTORY_MAX_LIMIT}` },
    ]);
  return { before, after: request.after ?? '', limit };
}

/** A HistoryEvent as the proto carries it (data as JSON text). */
export interface HistoryEventMessage {
  id: string;
  type: string;
  orgId: number;
  occurredAt: string;
  dataJson: string;
}

export interface HistoryPageMessage {
  events: HistoryEventMessage[];
  next: string;
}

export const historyEventMessage = (event: HistoryEventView): HistoryEventMessage => ({
  id: event.id,
  type: event.type,
  orgId: event.orgId,
  occurredAt: event.occurredAt,
  dataJson: JSON.stringify(event.data),
});

export const historyEventView = (message: HistoryEventMessage): HistoryEventView => ({
  id: message.id,
  type: message.type,
  orgId: message.orgId,
  occurredAt: message.occurredAt,
  data: JSON.parse(message.dataJson) as Record<string, unknown>,
});

/** The gRPC handler of ExportHistory: the caller check, the request checked, the service's export. */
export const exportHistoryHandler =
  (db: Db, exportHistory: (db: Db, query: HistoryQuery) => Promise<HistoryPageMessage>) =>
  async (
    request: { before?: string | null; after?: string | null; limit?: number | null },
    caller: CallerContext,
  ) => {
    requireHistoryCaller(caller);
    return exportHistory(db, historyQuery(request));
  };

/** Rough bytes of a HistoryEvent besides its data (id, type, org, time, framing). */
const EVENT_OVERHEAD_BYTES = 160;

/**
 * A page under construction, within HISTORY_PAGE_MAX_EVENTS and HISTORY_PAGE_MAX_BYTES: a group
 * of events (what must travel together) goes in whole or not at all; an empty page takes any
 * group, so every page makes progress.
 */
export class HistoryPageBuilder {
  readonly events: HistoryEventMessage[] = [];
  private bytes = 0;

  /** Adds the group if it fits; false (nothing added) when it does not. */
  add(group: readonly HistoryEventView[]): boolean {
    const messages = group.map(historyEventMessage);
    const size = messages.reduce((sum, m) => sum + Buffer.byteLength(m.dataJson) + EVENT_OVERHEAD_BYTES, 0);
    const fits =
      this.events.length + messages.length <= HISTORY_PAGE_MAX_EVENTS &&
      this.bytes + size <= HISTORY_PAGE_MAX_BYTES;
    if (!fits && this.events.length > 0) return false;
    this.events.push(...messages);
    this.bytes += size;
    return true;
  }

  /** Room left for events (the byte bound aside). */
  get eventsLeft(): number {
    return HISTORY_PAGE_MAX_EVENTS - this.events.length;
  }
}
