import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { NO_DURATION_BUCKET } from '../schema';
import { inSpans, monthSpans } from './spans';
import type { DurationStatsRow } from './stats-sql';

/** The duration figures of docs/metrics.md, as conversation_cycles keeps them (and duration_counts counts them). */
export type DurationMetric = 'first_response' | 'resolution' | 'agent_first_response' | 'agent_handle';

interface Source {
  at: SQL;
  bucket: SQL;
  seconds: SQL;
  /** The agent column (null: everyone). */
  agent: SQL | null;
}

const SOURCES: Record<DurationMetric, Source> = {
  first_response: {
    at: sql`first_response_at`,
    bucket: sql`first_response_bucket`,
    seconds: sql`first_response_seconds`,
    agent: null,
  },
  resolution: {
    at: sql`resolved_at`,
    bucket: sql`resolution_bucket`,
    seconds: sql`resolution_seconds`,
    agent: null,
  },
  agent_first_response: {
    at: sql`first_response_at`,
    bucket: sql`first_response_bucket`,
    seconds: sql`first_response_seconds`,
    agent: sql`first_responder_id`,
  },
  agent_handle: {
    at: sql`resolved_at`,
    bucket: sql`handle_bucket`,
    seconds: sql`handle_seconds`,
    agent: sql`resolved_by`,
  },
};

/** One agent's (or everyone's, agent '') cycles of a metric in a range. */
export interface AgentDurations {
  agent: string;
  /** Cycles counted, with a duration or not (the agents report's handled and resolved). */
  n: number;
  stats: DurationStatsRow;
}

interface BucketRow {
  agent: string;
  bucket: number;
  n: number;
  seconds: number;
}

/**
 * A metric's cycles in [from, to) per agent and duration bucket: whole UTC months and days from
 * duration_counts, the partial days at the ends from the cycles (through the same
 * analytics.cycle_durations the rollup counts with).
 */
function bucketCounts(db: Db, orgId: number, metric: DurationMetric, from: Date, to: Date) {
  const { months, days, raw } = monthSpans(from, to);
  return queryRows<BucketRow>(
    db,
    sql`select agent, bucket, sum(n)::int as n, coalesce(sum(seconds), 0)::float8 as seconds
        from (
          select agent, bucket, count as n, seconds from analytics.duration_counts
          where org_id = ${orgId} and metric = ${metric}
            and ((grain = 'month' and ${inSpans(sql`period`, [months])})
              or (grain = 'day' and ${inSpans(sql`period`, days)}))
          union all
          select d.agent, d.bucket, 1, d.seconds::numeric
          from analytics.conversation_cycles c cross join lateral analytics.cycle_durations(c) d
          where c.org_id = ${orgId} and ${inSpans(sql`c.${SOURCES[metric].at}`, raw)} and d.metric = ${metric}
        ) counted
        group by agent, bucket
        having sum(n) <> 0
        order by agent, bucket`,
  );
}

interface Pick {
  agent: string;
  bucket: number;
  /** Rows of the bucket (in the range, by duration) to skip and to read. */
  offset: number;
  limit: number;
  /** The ranks (0-based, over the agent's durations) the rows read start at. */
  firstRank: number;
}

/** percentile_cont's ranks: position p·(n − 1), interpolated between its floor and ceiling. */
const PERCENTILES = [0.5, 0.9];

/**
 * The exact statistics of a metric per agent over [from, to): count and average from the bucket
 * counts; median and p90 as PostgreSQL's percentile_cont would give over the cycles themselves,
 * by reading only the rows of the buckets that hold the ranks it needs (an index range per bucket)
 * instead of sorting every duration of the range.
 */
export async function durationsByAgent(
  db: Db,
  orgId: number,
  metric: DurationMetric,
  from: Date,
  to: Date,
): Promise<AgentDurations[]> {
  const rows = await bucketCounts(db, orgId, metric, from, to);
  const byAgent = new Map<string, BucketRow[]>();
  for (const r of rows) byAgent.set(r.agent, [...(byAgent.get(r.agent) ?? []), r]);
  const picks: Pick[] = [];
  const result: Array<AgentDurations & { ranks: number[] }> = [];
  for (const [agent, buckets] of byAgent) {
    const measured = buckets.filter((b) => b.bucket !== NO_DURATION_BUCKET);
    const count = measured.reduce((s, b) => s + b.n, 0);
    const total = measured.reduce((s, b) => s + b.seconds, 0);
    const ranks = PERCENTILES.flatMap((p) => [Math.floor(p * (count - 1)), Math.ceil(p * (count - 1))]);
    if (count > 0) {
      let before = 0;
      for (const b of measured) {
        const inside = ranks.filter((r) => r >= before && r < before + b.n);
        if (inside.length > 0) {
          const [low, high] = [Math.min(...inside), Math.max(...inside)];
          picks.push({
            agent,
            bucket: b.bucket,
            offset: low - before,
            limit: high - low + 1,
            firstRank: low,
          });
        }
        before += b.n;
      }
    }
    result.push({
      agent,
      n: buckets.reduce((s, b) => s + b.n, 0),
      ranks,
      stats: { statsCount: count, statsAverage: count > 0 ? total / count : null, statsQuantiles: null },
    });
  }
  const values = await rankedValues(db, orgId, metric, from, to, picks);
  for (const r of result) {
    if (r.stats.statsCount === 0) continue;
    const n = r.stats.statsCount;
    r.stats.statsQuantiles = PERCENTILES.map((p) => {
      const position = p * (n - 1);
      const [low, high] = [
        values.get(`${r.agent}|${Math.floor(position)}`),
        values.get(`${r.agent}|${Math.ceil(position)}`),
      ];
      if (low === undefined || high === undefined) throw new Error(`${metric}: rank of ${r.agent} not read`);
      // PostgreSQL's float8 interpolation (float8_lerp), so the figure is the same to the last bit.
      return low + (high - low) * (position - Math.floor(position));
    });
  }
  return result.map(({ ranks: _ranks, ...r }) => r);
}

/** The values at the picked ranks, keyed `agent|rank`: one index range per pick, in one statement. */
async function rankedValues(
  db: Db,
  orgId: number,
  metric: DurationMetric,
  from: Date,
  to: Date,
  picks: Pick[],
): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  if (picks.length === 0) return values;
  const s = SOURCES[metric];
  const agent = s.agent ? sql`and ${s.agent} = p.agent` : sql``;
  const rows = await queryRows<{ i: number; s: number }>(
    db,
    sql`select p.i, v.s
        from json_to_recordset(${JSON.stringify(picks.map((p, i) => ({ ...p, i })))}::json)
          as p(agent text, bucket int, "offset" int, "limit" int, i int)
        cross join lateral (
          select ${s.seconds} as s from analytics.conversation_cycles
          where org_id = ${orgId} ${agent} and ${s.bucket} = p.bucket
            and ${s.at} >= ${from.toISOString()}::timestamptz and ${s.at} < ${to.toISOString()}::timestamptz
          order by 1 offset p."offset" limit p."limit"
        ) v
        order by p.i, v.s`,
  );
  let last = -1;
  let k = 0;
  for (const row of rows) {
    k = row.i === last ? k + 1 : 0;
    last = row.i;
    const pick = picks[row.i];
    values.set(`${pick.agent}|${pick.firstRank + k}`, row.s);
  }
  return values;
}

/** Everyone's statistics of a metric (agent ''), none measured when there is none. */
export async function overallDurations(
  db: Db,
  orgId: number,
  metric: 'first_response' | 'resolution',
  from: Date,
  to: Date,
): Promise<DurationStatsRow | undefined> {
  const [everyone] = await durationsByAgent(db, orgId, metric, from, to);
  return everyone?.stats;
}
