/** A duration figure as the contracts give it: seconds, 3 decimals; null when nothing was measured. */
export interface DurationStats {
  count: number;
  average: number | null;
  median: number | null;
  p90: number | null;
}

/**
 * The contracts' shape from a DurationStatsRow (db/reports/stats-sql.ts, durations.ts; absent row:
 * nothing measured).
 */
export function durationStats(row: object | undefined, prefix = 'stats'): DurationStats {
  const r = (row ?? {}) as Record<string, unknown>;
  const count = (r[`${prefix}Count`] as number | undefined) ?? 0;
  const average = r[`${prefix}Average`] as number | null | undefined;
  const [median, p90] = (r[`${prefix}Quantiles`] as (number | null)[] | null | undefined) ?? [];
  const seconds = (v: number | null | undefined) => (count === 0 || v == null ? null : round(Number(v), 3));
  return { count, average: seconds(average), median: seconds(median), p90: seconds(p90) };
}

/** `value` rounded half away from zero to `decimals` places, through the decimal text (1.005 → 1.01). */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const text = String(Math.abs(value));
  // Exponent notation (1e-7, 1e+21) cannot take another exponent: plain arithmetic is exact enough there.
  if (text.includes('e')) return (sign * Math.round(Math.abs(value) * 10 ** decimals)) / 10 ** decimals;
  return sign * Number(`${Math.round(Number(`${text}e${decimals}`))}e-${decimals}`);
}

/** A rate 0..1 with 4 decimals; null when the denominator is 0. */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : round(numerator / denominator, 4);
}

/** Money with 6 decimals. */
export const money = (value: number): number => round(value, 6);
