import type { ConversationsReport } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { bucketIso, bucketWeekdayHour, localBuckets, type LocalBucket } from '../../reports/buckets';
import type { ResolvedQuery } from '../../reports/query';
import { ratio } from '../../reports/stats';
import { slotSeries } from './counts';
import { facetCounts, type FacetCount, type FacetField } from './facets';
import { cycleStats, type ReportFigures } from './overview';

/** One field's counts: most first, ties by value (null last), a stable order. */
function countsBy<F extends 'category' | 'origin' | 'teamId' | 'status'>(
  facets: readonly FacetCount[],
  field: FacetField,
  key: F,
) {
  return facets
    .filter((f) => f.field === field)
    .map((f) => [f.value, f.count] as const)
    .sort(([a, x], [b, y]) => y - x || (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1))
    .map(([value, count]) => ({ [key]: value, count }) as Record<F, string | null> & { count: number });
}

/** For each hour (sorted), the index of the bucket holding it (buckets sorted; day starts are hour starts). */
function bucketOfHour(hours: readonly LocalBucket[], buckets: readonly LocalBucket[]): number[] {
  let b = 0;
  return hours.map((h) => {
    while (b + 1 < buckets.length && buckets[b + 1].start <= h.start) b++;
    return b;
  });
}

/**
 * Conversations: volume per local bucket (new, closed), the new ones by current category, origin,
 * team and status, a local weekday × hour heatmap of new ones, first response and resolution,
 * and the share of new ones reopened at least once: counts per local hour from the 15-minute
 * slots, the breakdowns from the daily facets. Definitions: docs/metrics.md.
 */
export async function conversationsReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<ReportFigures<ConversationsReport>> {
  const buckets = localBuckets(q.from, q.to, q.timezone, q.bucket);
  const hours = q.bucket === 'hour' ? buckets : localBuckets(q.from, q.to, q.timezone, 'hour');
  // Per local hour (volume, heatmap and reopens from the same boundaries as the series).
  const perHour = await slotSeries(
    db,
    orgId,
    q.from,
    q.to,
    hours.map((h) => h.start),
  );
  const facets = await facetCounts(db, orgId, q.from, q.to, ['category', 'origin', 'team', 'status']);

  const toBucket = bucketOfHour(hours, buckets);
  const volume = buckets.map((b) => ({ start: bucketIso(b), new: 0, closed: 0 }));
  // Local hours on the clock: a 25-hour day's repeated hour adds to the same cell.
  const cells = new Map<number, number>();
  let total = 0;
  let reopened = 0;
  for (const r of perHour) {
    if (r.b < 0 || r.b >= hours.length) continue;
    volume[toBucket[r.b]].new += r.created;
    volume[toBucket[r.b]].closed += r.closed;
    if (r.created === 0) continue;
    const { weekday, hour } = bucketWeekdayHour(hours[r.b]);
    cells.set(weekday * 24 + hour, (cells.get(weekday * 24 + hour) ?? 0) + r.created);
    total += r.created;
    reopened += r.reopened;
  }
  const heatmap = [...cells]
    .sort(([a], [b]) => a - b)
    .map(([cell, count]) => ({ weekday: Math.floor(cell / 24), hour: cell % 24, count }));

  return {
    volume,
    byCategory: countsBy(facets, 'category', 'category'),
    byOrigin: countsBy(facets, 'origin', 'origin'),
    byTeam: countsBy(facets, 'team', 'teamId'),
    byFinalStatus: countsBy(facets, 'status', 'status'),
    heatmap,
    ...(await cycleStats(db, orgId, q.from, q.to)),
    reopenRate: ratio(reopened, total),
  };
}
