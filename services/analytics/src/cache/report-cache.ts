import { createCache, type Cache, type Logger } from '@inbox/platform';
import type { ReportCache } from '../deps';

/** Reports held in memory at once in the all-in-one mode: the oldest-written go first beyond it. */
export const MEMORY_REPORT_ENTRIES = 500;

/**
 * A ReportCache over the platform's cache. Redis trouble degrades to misses there (a report is
 * then computed, never refused); memory keeps at most `maxEntries` reports.
 */
export function reportCacheOver(cache: Cache): ReportCache {
  return {
    get: async (key) => (await cache.get<string>(`report:${key}`)) ?? null,
    set: (key, json, ttlSeconds) => cache.set(`report:${key}`, json, ttlSeconds * 1000),
  };
}

/**
 * Redis when a URL is given (the replicas share computed reports), bounded memory otherwise. The
 * returned Cache is the caller's to close.
 */
export function createReportCache(
  redisUrl: string | undefined,
  options: { keyPrefix: string; logger?: Logger; maxEntries?: number },
): { reports: ReportCache; cache: Cache } {
  const cache = createCache(redisUrl, {
    keyPrefix: options.keyPrefix,
    logger: options.logger,
    maxEntries: options.maxEntries ?? MEMORY_REPORT_ENTRIES,
  });
  return { reports: reportCacheOver(cache), cache };
}
