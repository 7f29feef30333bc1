import type { HistoryPageMessage, HistoryQuery } from '@inbox/platform';

/**
 * One service's ExportHistory (proto/history/v1/history.proto): over gRPC in the distributed mode,
 * the service's exported function on the shared database in the all-in-one mode, a fake in tests.
 */
export type HistorySource = (query: HistoryQuery) => Promise<HistoryPageMessage>;

/** The services analytics is fed by; the rebuild asks them in this order (users before what they did). */
export const HISTORY_SOURCES = ['directory', 'inbox', 'campaigns'] as const;
export type HistorySourceName = (typeof HISTORY_SOURCES)[number];

export type HistorySources = Record<HistorySourceName, HistorySource>;
