import { sql } from 'drizzle-orm';
import type { ConversationsReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import { bucketIso, bucketWeekdayHour, localBuckets, type LocalBucket } from '../../reports/buckets';
import type { ResolvedQuery } from '../../reports/query';
import { ratio } from '../../reports/stats';
import { bucketIndexSql } from './bucket-sql';
import { closedByBucket, cycleStats, sortInMemory, type ReportFigures } from './overview';

interface Combination {
  category: string | null;
  origin: string;
  teamId: string | null;
  status: string;
  n: number;
}

/** Counts of one field over the combinations: most first, ties by value (null last), a stable order. */
function countsBy<F extends 'category' | 'origin' | 'teamId' | 'status'>(
  rows: readonly Combination[],
  field: F,
) {
  const counts = new Map<string | null, number>();
  for (const r of rows) counts.set(r[field], (counts.get(r[field]) ?? 0) + r.n);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1))
    .map(([value, count]) => ({ [field]: value, count }) as Record<F, string | null> & { count: number });
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
 * and the share of new ones reopened at least once. The conversations created in the range are
 * counted per local hour (volume, heatmap and reopens from the same boundaries as the series)
 * and per combination of the breakdowns' fields. Definitions: docs/metrics.md.
 */
export async function conversationsReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<ReportFigures<ConversationsReport>> {
  await sortInMemory(db);
  const buckets = localBuckets(q.from, q.to, q.timezone, q.bucket);
  const hours = q.bucket === 'hour' ? buckets : localBuckets(q.from, q.to, q.timezone, 'hour');
  const [hourStarts, bucketStarts] = [hours, buckets].map((list) => list.map((b) => b.start));
  const created = sql`from analytics.conversations where org_id = ${orgId}
    and created_at >= ${q.from.toISOString()}::timestamptz and created_at < ${q.to.toISOString()}::timestamptz`;
  // Two hash aggregations: per local hour, and per combination of the breakdowns' fields.
  const perHour = await queryRows<{ h: number; n: number; reopened: number }>(
    db,
    sql`select ${bucketIndexSql(sql`created_at`, hourStarts)} as h, count(*)::int as n,
          count(*) filter (where reopen_count > 0)::int as reopened
        ${created} group by 1`,
  );
  const combinations = await queryRows<Combination>(
    db,
    sql`select category, origin, team_id as "teamId", status, count(*)::int as n ${created} group by 1, 2, 3, 4`,
  );
  const closed = await closedByBucket(db, orgId, q.from, q.to, bucketStarts);

  const toBucket = bucketOfHour(hours, buckets);
  const volume = buckets.map((b) => ({ start: bucketIso(b), new: 0, closed: 0 }));
  // Local hours on the clock: a 25-hour day's repeated hour adds to the same cell.
  const cells = new Map<number, number>();
  let total = 0;
  let reopened = 0;
  for (const r of perHour) {
    if (r.h < 0 || r.h >= hours.length) continue;
    volume[toBucket[r.h]].new += r.n;
    const { weekday, hour } = bucketWeekdayHour(hours[r.h]);
    cells.set(weekday * 24 + hour, (cells.get(weekday * 24 + hour) ?? 0) + r.n);
    total += r.n;
    reopened += r.reopened;
  }
  for (const r of closed) if (r.b >= 0 && r.b < volume.length) volume[r.b].closed += r.closed;
  const heatmap = [...cells]
    .sort(([a], [b]) => a - b)
    .map(([cell, count]) => ({ weekday: Math.floor(cell / 24), hour: cell % 24, count }));

  return {
    volume,
    byCategory: countsBy(combinations, 'category'),
    byOrigin: countsBy(combinations, 'origin'),
    byTeam: countsBy(combinations, 'teamId'),
    byFinalStatus: countsBy(combinations, 'status'),
    heatmap,
    ...(await cycleStats(db, orgId, q.from, q.to)),
    reopenRate: ratio(reopened, total),
  };
}
