import { sql } from 'drizzle-orm';
import type { ConversationsReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import { bucketIndexSql, bucketIso, bucketWeekdayHour, localBuckets } from './buckets';
import { closedByBucket, firstResponseStats, resolutionStats, type ReportFigures } from './overview';
import type { ResolvedQuery } from './query';
import { ratio } from './stats';

type Dimension = 'category' | 'origin' | 'team' | 'status' | 'hour' | 'bucket' | 'total';

interface GroupRow {
  dim: Dimension;
  key: string | null;
  h: number | null;
  b: number | null;
  n: number;
  reopened: number;
}

/** Most first; ties by key, null last, so the order is stable. */
function countsDesc<K extends string>(rows: readonly GroupRow[], dim: Dimension, name: K) {
  return rows
    .filter((r) => r.dim === dim)
    .sort(
      (a, b) =>
        b.n - a.n ||
        (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1),
    )
    .map((r) => ({ [name]: r.key, count: r.n }) as Record<K, string | null> & { count: number });
}

/**
 * Conversations: volume per local bucket (new, closed), the new ones by current category, origin,
 * team and status, a local weekday × hour heatmap of new ones, first response and resolution,
 * and the share of new ones reopened at least once. One pass over the conversations created in
 * the range (grouping sets); the heatmap's local hours come from the same boundaries as the
 * series. Definitions: docs/metrics.md.
 */
export async function conversationsReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<ReportFigures<ConversationsReport>> {
  const buckets = localBuckets(q.from, q.to, q.timezone, q.bucket);
  const hours = q.bucket === 'hour' ? buckets : localBuckets(q.from, q.to, q.timezone, 'hour');
  const starts = buckets.map((b) => b.start);
  const [from, to] = [q.from.toISOString(), q.to.toISOString()];
  const rows = await queryRows<GroupRow>(
    db,
    sql`select case when grouping(category) = 0 then 'category' when grouping(origin) = 0 then 'origin'
                    when grouping(team_id) = 0 then 'team' when grouping(status) = 0 then 'status'
                    when grouping(h) = 0 then 'hour' when grouping(b) = 0 then 'bucket' else 'total' end as dim,
          coalesce(category, origin, team_id, status) as key, h, b, count(*)::int as n,
          count(*) filter (where reopen_count > 0)::int as reopened
        from (
          select category, origin, team_id, status, reopen_count,
            ${bucketIndexSql(
              sql`created_at`,
              hours.map((h) => h.start),
            )} as h,
            ${bucketIndexSql(sql`created_at`, starts)} as b
          from analytics.conversations
          where org_id = ${orgId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
        ) created
        group by grouping sets ((category), (origin), (team_id), (status), (h), (b), ())`,
  );
  const closed = await closedByBucket(db, orgId, q.from, q.to, starts);

  const created = new Array<number>(buckets.length).fill(0);
  const closedBy = new Array<number>(buckets.length).fill(0);
  for (const r of rows) if (r.dim === 'bucket' && r.b !== null && r.b >= 0) created[r.b] += r.n;
  for (const r of closed) if (r.b >= 0) closedBy[r.b] += r.closed;

  // Local hours on the clock: a 25-hour day's repeated hour adds to the same cell.
  const cells = new Map<number, number>();
  for (const r of rows) {
    if (r.dim !== 'hour' || r.h === null || r.h < 0) continue;
    const { weekday, hour } = bucketWeekdayHour(hours[r.h]);
    cells.set(weekday * 24 + hour, (cells.get(weekday * 24 + hour) ?? 0) + r.n);
  }
  const heatmap = [...cells]
    .sort(([a], [b]) => a - b)
    .map(([cell, count]) => ({ weekday: Math.floor(cell / 24), hour: cell % 24, count }));

  const total = rows.find((r) => r.dim === 'total');
  return {
    volume: buckets.map((b, i) => ({ start: bucketIso(b), new: created[i], closed: closedBy[i] })),
    byCategory: countsDesc(rows, 'category', 'category'),
    byOrigin: countsDesc(rows, 'origin', 'origin'),
    byTeam: countsDesc(rows, 'team', 'teamId'),
    byFinalStatus: countsDesc(rows, 'status', 'status'),
    heatmap,
    firstResponse: await firstResponseStats(db, orgId, q.from, q.to),
    resolution: await resolutionStats(db, orgId, q.from, q.to),
    reopenRate: ratio(total?.reopened ?? 0, total?.n ?? 0),
  };
}
