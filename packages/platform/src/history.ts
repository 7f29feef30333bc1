import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  HISTORY_SERVICE_PRINCIPAL,
  type HistoryEventView,
} from '@inbox/contracts';
import type { CallerContext } from './context';
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
  const before = new Date(request.before ?? '');
  if (!request.before || Number.isNaN(before.getTime()))
    throw invalid('INVALID_BEFORE', '`before` must be an ISO 8601 instant', [
      { path: 'before', message: 'an ISO 8601 instant' },
    ]);
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
