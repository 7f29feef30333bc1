// The duration figures as db/reports/durations.ts computes them, read by `durationStats` (reports/stats.ts).

/** A duration statistic's row: count, average and [median, p90] in seconds. */
export interface DurationStatsRow {
  statsCount: number;
  statsAverage: number | null;
  /** [median, p90], as percentile_cont gives them; null when nothing was measured. */
  statsQuantiles: number[] | null;
}
