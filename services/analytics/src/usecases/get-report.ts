import { ANALYTICS_CACHE_SECONDS, type AnalyticsReport } from '@inbox/contracts';
import { requireAdmin, requireOrganization, type CallerContext } from '@inbox/platform';
import type { AnalyticsDeps } from '../deps';
import type { ReportRequestMessage } from '../grpc/encode';
import { REPORTS } from '../reports';
import { resolveQuery, type ResolvedQuery } from '../reports/query';

/** The document ends with this (written last below), so a cached one is marked without parsing it. */
const NOT_CACHED_TAIL = '"cached":false}';
const CACHED_TAIL = '"cached":true}';

/**
 * One report of the caller's organization as JSON text (the REST answer as is): Admin only, the
 * query resolved in its time zone, served from the cache for ANALYTICS_CACHE_SECONDS unless
 * `force`, every figure read from one snapshot of the read models.
 */
export async function getReport(
  deps: AnalyticsDeps,
  caller: CallerContext,
  report: AnalyticsReport,
  request: ReportRequestMessage,
): Promise<string> {
  requireOrganization(caller);
  requireAdmin(caller);
  const now = deps.now();
  const query = resolveQuery(report, request, now);
  const key = cacheKey(caller.orgId, report, request, query);
  if (!query.force) {
    const hit = await deps.cache.get(key);
    if (hit?.endsWith(NOT_CACHED_TAIL)) return hit.slice(0, -NOT_CACHED_TAIL.length) + CACHED_TAIL;
  }
  // Repeatable read: the figures of one report (and a total with its series) agree with each other
  // even while events are being applied.
  const figures = await deps.db.transaction((tx) => REPORTS[report](tx, caller.orgId, query, now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const json = JSON.stringify({
    ...figures,
    range: {
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      timezone: query.timezone,
      bucket: query.bucket,
    },
    previous: { from: query.previous.from.toISOString(), to: query.previous.to.toISOString() },
    generatedAt: now.toISOString(),
    cached: false,
  });
  await deps.cache.set(key, json, ANALYTICS_CACHE_SECONDS);
  return json;
}

/**
 * Organization, report and query. A bound the caller gave is keyed by its resolved instant (two
 * spellings of one time share an entry); an omitted one by "default", since a default `to` is
 * "now" and would otherwise never repeat: such a report is at most ANALYTICS_CACHE_SECONDS old.
 */
export function cacheKey(
  orgId: number,
  report: AnalyticsReport,
  request: Pick<ReportRequestMessage, 'from' | 'to'>,
  query: ResolvedQuery,
): string {
  const bound = (given: string | null | undefined, resolved: Date) =>
    given ? resolved.toISOString() : 'default';
  // excludeIncomplete moves `to` to a bucket start: the key keeps the resolved value then.
  const to = query.excludeIncomplete ? query.to.toISOString() : bound(request.to, query.to);
  return [
    'v1',
    orgId,
    report,
    query.timezone,
    bound(request.from, query.from),
    to,
    query.bucket,
    query.excludeIncomplete ? 'complete' : 'all',
  ].join('|');
}
