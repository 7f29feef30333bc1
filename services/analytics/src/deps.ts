import type { CallerContext, Db, Logger } from '@inbox/platform';

/**
 * Computed reports as JSON text, for ANALYTICS_CACHE_SECONDS: Redis in the distributed mode (shared
 * by the replicas), bounded memory in the all-in-one mode (src/cache/report-cache.ts).
 */
export interface ReportCache {
  get(key: string): Promise<string | null>;
  set(key: string, json: string, ttlSeconds: number): Promise<void>;
}

/** Everything a use case may touch, built once in app.ts and passed as a plain object. */
export interface AnalyticsDeps {
  db: Db;
  cache: ReportCache;
  logger: Logger;
  now: () => Date;
}

export type { CallerContext };
