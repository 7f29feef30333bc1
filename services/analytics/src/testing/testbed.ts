import type { EventEnvelope } from '@inbox/contracts';
import { createLogger, MemoryCache, newId } from '@inbox/platform';
import { openTestDatabase, recordedEvents, testCaller, type ServiceTestbed } from '@inbox/platform/testing';
import { reportCacheOver } from '../cache/report-cache';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from '../db/location';
import type { AnalyticsDeps } from '../deps';
import { applyEvent } from '../projections';

export interface AnalyticsTestbedOptions {
  /** The service's clock at start (default: the real time); setNow moves it. */
  now?: Date;
}

export interface AnalyticsTestbed extends ServiceTestbed<AnalyticsDeps> {
  /**
   * Applies events to the read models in order, each in its own transaction, as the consumer
   * would (through the projections' applyEvent).
   */
  apply(...events: EventEnvelope[]): Promise<void>;
  /** Sets the service's clock (deps.now); null returns it to the real time. */
  setNow(now: Date | null): void;
  /** The memory cache behind deps.cache (tests look at or clear what is cached). */
  memoryCache: MemoryCache;
}

/**
 * A migrated analytics database (PGlite, or PostgreSQL when DATABASE_URL is set) and deps over it,
 * without bus or gRPC: reports and projections are tested on the database. One per test file
 * (`openForTestFile(createAnalyticsTestbed)`); organizations keep tests apart.
 */
export async function createAnalyticsTestbed(
  options: AnalyticsTestbedOptions = {},
): Promise<AnalyticsTestbed> {
  const database = await openTestDatabase();
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  let fixedNow: Date | null = options.now ?? null;
  const memoryCache = new MemoryCache({ maxEntries: 500 });
  const deps: AnalyticsDeps = {
    db: database.db,
    cache: reportCacheOver(memoryCache),
    logger: createLogger('analytics-test', 'silent'),
    now: () => (fixedNow ? new Date(fixedNow) : new Date()),
  };
  return {
    deps,
    database,
    memoryCache,
    apply: async (...events) => {
      for (const event of events) await deps.db.transaction((tx) => applyEvent(tx, event));
    },
    setNow: (now) => {
      fixedNow = now;
    },
    caller: (orgId, role = 'ADMIN', userId = newId()) => testCaller(orgId, role, userId),
    recordedEvents: () => recordedEvents(database.db, DB_SCHEMA),
    close: async () => {
      await memoryCache.close();
      await database.close();
    },
  };
}
