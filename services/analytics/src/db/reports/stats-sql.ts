import { sql, type SQL } from 'drizzle-orm';

// The SQL side of the duration figures: the rows it selects are read by `durationStats` (reports/stats.ts).

/** The columns `durationStatsColumns` selects (prefixed when one query selects several). */
export interface DurationStatsRow {
  statsCount: number;
  statsAverage: number | null;
  /** [median, p90]. */
  statsQuantiles: number[] | null;
}

/**
 * Aggregates over `seconds` (an expression in seconds, double precision: `date_part('epoch', …)`,
 * not numeric `extract`; rows where it is null are not measured): count, average, and median and
 * p90 by percentile_cont (interpolated) from one sort. No rows give count 0 and nulls. Rounded to
 * 3 decimals by `durationStats` (reports/stats.ts).
 */
export function durationStatsColumns(seconds: SQL, prefix = 'stats'): SQL {
  const s = sql`(${seconds})::float8`;
  const name = (field: string) => sql.raw(`"${prefix}${field}"`);
  return sql`count(${s})::int as ${name('Count')}, avg(${s}) as ${name('Average')},
    percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${s}) as ${name('Quantiles')}`;
}
