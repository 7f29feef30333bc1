export { startAnalyticsApp, type AnalyticsApp, type AnalyticsAppOptions } from './app';
export { analyticsServiceDefinition } from './service';
export { createReportCache, reportCacheOver, MEMORY_REPORT_ENTRIES } from './cache/report-cache';
export { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
export type { AnalyticsDeps, ReportCache } from './deps';
