import { sql } from 'drizzle-orm';
import type { OverviewReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import { bucketIso, localBuckets } from '../../reports/buckets';
import type { ResolvedQuery } from '../../reports/query';
import { durationStats, ratio, type DurationStats } from '../../reports/stats';
import { openAt, slotSeries } from './counts';
import { overallDurations } from './durations';
import { cohortTotals, facetCounts } from './facets';
import { daySpans, inSpans } from './spans';

type Totals = OverviewReport['current'];
export type ReportFigures<T> = Omit<T, 'range' | 'previous' | 'generatedAt' | 'cached'>;

/** The people's clocks of a range: first response and resolution (docs/metrics.md). */
export interface CycleStats {
  firstResponse: DurationStats;
  resolution: DurationStats;
}

/**
 * First response over the cycles with firstResponseAt in [from, to): from the customer's wait.
 * Resolution over the cycles resolved in [from, to), from when people became responsible, the
 * bot's contained ones excluded. The cycles keep both durations (conversation_cycles); exact
 * statistics from their counts per bucket (durations.ts). Shared by the overview and the
 * conversations report: the same figures in both.
 */
export async function cycleStats(db: Db, orgId: number, from: Date, to: Date): Promise<CycleStats> {
  return {
    firstResponse: durationStats(await overallDurations(db, orgId, 'first_response', from, to)),
    resolution: durationStats(await overallDurations(db, orgId, 'resolution', from, to)),
  };
}

/**
 * Campaign recipients reaching each stage in [from, to), and the cost of those sent then; the
 * currency of their campaigns when they all have the same one. Whole UTC days from campaign_days,
 * the partial days at the ends from the recipients (through analytics.recipient_stages, as the
 * rollup counts them).
 */
async function campaignFigures(db: Db, orgId: number, from: Date, to: Date): Promise<Totals['campaigns']> {
  const { days, raw } = daySpans(from, to);
  const stage = (name: string) => sql.raw(`(s.stage = '${name}')::int`);
  const [row] = await queryRows<Totals['campaigns']>(
    db,
    sql`with per as (
          select campaign_id, sum(sent) as sent, sum(delivered) as delivered, sum(read) as read,
            sum(replied) as replied, sum(cost) as cost
          from (
            select campaign_id, sent, delivered, read, replied, cost from analytics.campaign_days
            where org_id = ${orgId} and ${inSpans(sql`day`, [days])}
            union all
            select r.campaign_id, ${stage('sent')}, ${stage('delivered')}, ${stage('read')}, ${stage('replied')}, s.cost
            from analytics.campaign_recipients r
            cross join lateral analytics.recipient_stages(r.sent_at, r.delivered_at, r.read_at, r.replied_at, r.cost) s
            where r.org_id = ${orgId} and (${inSpans(sql`r.sent_at`, raw)} or ${inSpans(sql`r.delivered_at`, raw)}
              or ${inSpans(sql`r.read_at`, raw)} or ${inSpans(sql`r.replied_at`, raw)})
              and ${inSpans(sql`s.at`, raw)}
          ) counted
          group by campaign_id
        )
        select coalesce(sum(sent), 0)::int as sent, coalesce(sum(delivered), 0)::int as delivered,
          coalesce(sum(read), 0)::int as "read", coalesce(sum(replied), 0)::int as replied,
          round(coalesce(sum(cost), 0), 6)::float8 as cost,
          (select case when count(distinct c.currency) = 1 and count(c.currency) = count(*) then min(c.currency) end
             from analytics.campaigns c
             where c.org_id = ${orgId} and c.id in (select campaign_id from per where sent > 0)) as currency
        from per`,
  );
  return row;
}

/** Sums of per-bucket rows into an array over the buckets (every bucket present, zeros included). */
function perBucket<R extends { b: number }>(
  rows: readonly R[],
  size: number,
  value: (r: R) => number,
): number[] {
  const values = new Array<number>(size).fill(0);
  for (const r of rows) if (r.b >= 0 && r.b < size) values[r.b] += value(r);
  return values;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** One period's totals, and its figures per bucket of `starts` (the first at or before `from`). */
async function period(db: Db, orgId: number, from: Date, to: Date, starts: readonly Date[]) {
  const counts = await slotSeries(db, orgId, from, to, starts);
  const n = starts.length;
  const series = {
    created: perBucket(counts, n, (r) => r.created),
    closed: perBucket(counts, n, (r) => r.closed),
    in: perBucket(counts, n, (r) => r.in),
    out: perBucket(counts, n, (r) => r.out),
  };
  const cohort = cohortTotals(await facetCounts(db, orgId, from, to, ['bot_outcome']));
  const totals: Totals = {
    conversations: {
      new: sum(series.created),
      closed: sum(series.closed),
      open: await openAt(db, orgId, to),
    },
    messages: { in: sum(series.in), out: sum(series.out) },
    ...(await cycleStats(db, orgId, from, to)),
    bot: {
      handled: cohort.handled,
      containmentRate: ratio(cohort.contained, cohort.handled),
      handoffRate: ratio(cohort.handedOff, cohort.handled),
    },
    campaigns: await campaignFigures(db, orgId, from, to),
  };
  return { totals, series };
}

/**
 * The overview: totals for [from, to) and for the previous period of equal length (open = open
 * at each period's end), and a series per local bucket. Queries run one after another: the
 * caller's read-only transaction holds one connection. Definitions: docs/metrics.md.
 */
export async function overviewReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<ReportFigures<OverviewReport>> {
  const buckets = localBuckets(q.from, q.to, q.timezone, q.bucket);
  const starts = buckets.map((b) => b.start);
  const current = await period(db, orgId, q.from, q.to, starts);
  // The previous period has no series: one bucket from its start.
  const previous = await period(db, orgId, q.previous.from, q.previous.to, [q.previous.from]);
  return {
    current: current.totals,
    previousTotals: previous.totals,
    series: buckets.map((b, i) => ({
      start: bucketIso(b),
      newConversations: current.series.created[i],
      closedConversations: current.series.closed[i],
      messagesIn: current.series.in[i],
      messagesOut: current.series.out[i],
    })),
  };
}
