export { startAnalyticsApp, type AnalyticsApp, type AnalyticsAppOptions } from './app';
export { analyticsServiceDefinition } from './service';
export { createReportCache, reportCacheOver, MEMORY_REPORT_ENTRIES } from './cache/report-cache';
export { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
export type { AnalyticsDeps, ReportCache } from './deps';
export {
  rebuildReadModels,
  REBUILD_BATCH_EVENTS,
  type RebuildOptions,
  type RebuildResult,
} from './rebuild/rebuild-read-models';
export {
  HISTORY_SOURCES,
  type HistorySource,
  type HistorySourceName,
  type HistorySources,
} from './rebuild/history-source';
export { grpcHistorySources, type HistoryAddresses } from './rebuild/grpc-sources';
export { runRebuild } from './rebuild/run-rebuild';
export { HISTORY_OVERLAP_MS, historyKeyOf } from './rebuild/told-by-history';
