import { sql, type SQL } from 'drizzle-orm';
import type { OverviewReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import { bucketIso, localBuckets } from '../../reports/buckets';
import type { ResolvedQuery } from '../../reports/query';
import { durationStats, ratio, type DurationStats } from '../../reports/stats';
import { bucketIndexSql } from './bucket-sql';
import { durationStatsColumns } from './stats-sql';

type Totals = OverviewReport['current'];
export type ReportFigures<T> = Omit<T, 'range' | 'previous' | 'generatedAt' | 'cached'>;

const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
const inRange = (column: SQL, from: Date, to: Date): SQL =>
  sql`${column} >= ${at(from)} and ${column} < ${at(to)}`;

/** Per bucket (index into the starts), the conversations created then and the bot's cohort among them. */
export interface CreatedRow {
  b: number;
  created: number;
  handled: number;
  contained: number;
  handedOff: number;
}

/** Conversations created in [from, to) by bucket: new, and the bot's cohort (handled, contained, handed off). */
export const createdByBucket = (db: Db, orgId: number, from: Date, to: Date, starts: readonly Date[]) =>
  queryRows<CreatedRow>(
    db,
    sql`select ${bucketIndexSql(sql`created_at`, starts)} as b, count(*)::int as created,
          count(*) filter (where bot_started)::int as handled,
          count(*) filter (where bot_started and contained and handed_off_at is null)::int as contained,
          count(*) filter (where bot_started and handed_off_at is not null)::int as "handedOff"
        from analytics.conversations
        where org_id = ${orgId} and ${inRange(sql`created_at`, from, to)}
        group by 1`,
  );

/** Cycles resolved in [from, to) by bucket (a reopened conversation counts once per resolution). */
export const closedByBucket = (db: Db, orgId: number, from: Date, to: Date, starts: readonly Date[]) =>
  queryRows<{ b: number; closed: number }>(
    db,
    sql`select ${bucketIndexSql(sql`resolved_at`, starts)} as b, count(*)::int as closed
        from analytics.conversation_cycles
        where org_id = ${orgId} and ${inRange(sql`resolved_at`, from, to)}
        group by 1`,
  );

/** The people's clocks of a range: first response and resolution (docs/metrics.md). */
export interface CycleStats {
  firstResponse: DurationStats;
  resolution: DurationStats;
}

/**
 * First response over the cycles with firstResponseAt in [from, to): from the customer's wait.
 * Resolution over the cycles resolved in [from, to), from when people became responsible, the
 * bot's contained ones excluded. Only a cycle without people (the bot's, or an agent closing it
 * while the bot still had it: from its start) can be contained, so only those meet their
 * conversation, with row estimates of their own: lookups for a month, one hash for a year.
 */
export async function cycleStats(db: Db, orgId: number, from: Date, to: Date): Promise<CycleStats> {
  const resolved = inRange(sql`resolved_at`, from, to);
  const [responses] = await queryRows<object>(
    db,
    sql`select ${durationStatsColumns(sql`date_part('epoch', first_response_at - waiting_since)`)}
        from analytics.conversation_cycles
        where org_id = ${orgId} and ${inRange(sql`first_response_at`, from, to)}`,
  );
  const [resolutions] = await queryRows<object>(
    db,
    sql`select ${durationStatsColumns(sql`seconds`)} from (
          select date_part('epoch', resolved_at - people_since) as seconds from analytics.conversation_cycles
          where org_id = ${orgId} and ${resolved} and people_since is not null
          union all
          select date_part('epoch', resolved_at - started_at) from analytics.conversation_cycles cy
          where org_id = ${orgId} and ${resolved} and people_since is null
            and not exists (select 1 from analytics.conversations c
                            where c.id = cy.conversation_id and c.org_id = ${orgId} and c.contained)
        ) people`,
  );
  return { firstResponse: durationStats(responses), resolution: durationStats(resolutions) };
}

/**
 * Conversations open at `instant`: the cycle running then (started before, not resolved before).
 * Cycles, not the conversation's latest close, so a conversation closed then and reopened since
 * is not open at a past instant.
 */
async function openAt(db: Db, orgId: number, instant: Date): Promise<number> {
  const [row] = await queryRows<{ open: number }>(
    db,
    sql`select count(*)::int as open from analytics.conversation_cycles
        where org_id = ${orgId} and (resolved_at is null or resolved_at >= ${at(instant)})
          and started_at < ${at(instant)}`,
  );
  return row.open;
}

/** Messages per bucket from the 15-minute slots: inbound, and outbound from every sender. */
const messagesByBucket = (db: Db, orgId: number, from: Date, to: Date, starts: readonly Date[]) =>
  queryRows<{ b: number; in: number; out: number }>(
    db,
    sql`select ${bucketIndexSql(sql`slot`, starts)} as b,
          coalesce(sum(count) filter (where direction = 'inbound'), 0)::int as "in",
          coalesce(sum(count) filter (where direction = 'outbound'), 0)::int as "out"
        from analytics.message_slots
        where org_id = ${orgId} and ${inRange(sql`slot`, from, to)}
        group by 1`,
  );

/**
 * Campaign recipients reaching each stage in [from, to), and the cost of those sent then; the
 * currency of their campaigns when they all have the same one.
 */
async function campaignFigures(db: Db, orgId: number, from: Date, to: Date): Promise<Totals['campaigns']> {
  const sent = inRange(sql`sent_at`, from, to);
  const [row] = await queryRows<Totals['campaigns']>(
    db,
    sql`with r as (
          select campaign_id, cost, ${sent} as sent,
            ${inRange(sql`delivered_at`, from, to)} as delivered, ${inRange(sql`read_at`, from, to)} as read,
            ${inRange(sql`replied_at`, from, to)} as replied
          from analytics.campaign_recipients
          where org_id = ${orgId} and (${sent} or ${inRange(sql`delivered_at`, from, to)}
            or ${inRange(sql`read_at`, from, to)} or ${inRange(sql`replied_at`, from, to)})
        )
        select count(*) filter (where sent)::int as sent, count(*) filter (where delivered)::int as delivered,
          count(*) filter (where read)::int as "read", count(*) filter (where replied)::int as replied,
          round(coalesce(sum(cost::numeric) filter (where sent), 0), 6)::float8 as cost,
          (select case when count(distinct c.currency) = 1 and count(c.currency) = count(*) then min(c.currency) end
             from analytics.campaigns c
             where c.org_id = ${orgId} and c.id in (select campaign_id from r where sent)) as currency
        from r`,
  );
  return row;
}

/**
 * A year's percentiles sort a million durations: room to do it in memory, for the caller's
 * transaction only (is_local; outside a transaction it lapses with the statement).
 */
export async function sortInMemory(db: Db): Promise<void> {
  await db.execute(sql`select set_config('work_mem', '64MB', true)`);
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
  const created = await createdByBucket(db, orgId, from, to, starts);
  const closed = await closedByBucket(db, orgId, from, to, starts);
  const messages = await messagesByBucket(db, orgId, from, to, starts);
  const n = starts.length;
  const series = {
    created: perBucket(created, n, (r) => r.created),
    closed: perBucket(closed, n, (r) => r.closed),
    in: perBucket(messages, n, (r) => r.in),
    out: perBucket(messages, n, (r) => r.out),
  };
  const cohort = (key: 'handled' | 'contained' | 'handedOff') => sum(created.map((r) => r[key]));
  const handled = cohort('handled');
  const totals: Totals = {
    conversations: {
      new: sum(series.created),
      closed: sum(series.closed),
      open: await openAt(db, orgId, to),
    },
    messages: { in: sum(series.in), out: sum(series.out) },
    ...(await cycleStats(db, orgId, from, to)),
    bot: {
      handled,
      containmentRate: ratio(cohort('contained'), handled),
      handoffRate: ratio(cohort('handedOff'), handled),
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
  await sortInMemory(db);
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
