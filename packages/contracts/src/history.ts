/**
 * The history export (proto/history/v1/history.proto): a service's stored data told again as the
 * events it publishes, for rebuilding the analytics read models beside an existing deployment.
 */

/** The only caller ExportHistory accepts: a SERVICE caller with this principal (orgId 0: every organization). */
export const HISTORY_SERVICE_PRINCIPAL = 'analytics-rebuild';

/** Units (conversations, campaigns, users) per page when the request says 0, and the most it may ask. */
export const HISTORY_DEFAULT_LIMIT = 200;
export const HISTORY_MAX_LIMIT = 1000;

/**
 * The id of a synthesized event: deterministic, so exporting twice gives the same ids and the
 * rebuild's idempotency (processed_events) absorbs a page applied twice. `what` names the fact
 * (e.g. `created`, `closed`, `msg`), `key` the row it came from (plus a sequence where one row
 * gives several events).
 */
export function historyEventId(
  service: 'inbox' | 'campaigns' | 'directory',
  what: string,
  key: string,
): string {
  return `history:${service}:${what}:${key}`;
}

/** A synthesized event as the rebuild receives it (the proto's HistoryEvent with its data parsed). */
export interface HistoryEventView {
  id: string;
  type: string;
  orgId: number;
  occurredAt: string;
  data: Record<string, unknown>;
}

/**
 * A page's bounds: at most this many events, and this many bytes of event JSON (under gRPC's
 * default 4 MB message; a text message carries up to 4,096 characters). A page ends at a unit
 * boundary before either, or inside a unit that alone has more; a page always holds at least one
 * event, so every page makes progress.
 */
export const HISTORY_PAGE_MAX_EVENTS = 2000;
export const HISTORY_PAGE_MAX_BYTES = 3 * 1024 * 1024;
