import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';

/** A report's bucket: a local hour or a local day (23 or 25 hours on DST days). */
export type Bucket = 'hour' | 'day';

/**
 * The start of the local bucket holding `at`. Local calendar math by luxon (the runtime's tzdata):
 * every boundary a report uses comes from here, so series, heatmap and excludeIncomplete agree
 * with each other whatever the database's own tzdata says.
 */
export function bucketStart(at: Date, timezone: string, bucket: Bucket): Date {
  return DateTime.fromJSDate(at, { zone: timezone }).startOf(bucket).toJSDate();
}

/** The local bucket after the one starting at `start` (calendar day: 23, 24 or 25 hours). */
function nextStart(start: DateTime, bucket: Bucket): DateTime {
  const next = (bucket === 'day' ? start.plus({ days: 1 }) : start.plus({ hours: 1 })).startOf(bucket);
  // A zone whose DST shift is not a whole hour (Australia/Lord_Howe) can floor back into the gap.
  return next > start ? next : start.plus({ hours: 1 });
}

/** The starts of the local buckets meeting [from, to): the first one may start before `from`. */
export function bucketStarts(from: Date, to: Date, timezone: string, bucket: Bucket): Date[] {
  const starts: Date[] = [];
  const end = to.getTime();
  let s: DateTime = DateTime.fromJSDate(from, { zone: timezone }).startOf(bucket);
  while (s.toMillis() < end) {
    starts.push(s.toJSDate());
    s = nextStart(s, bucket);
  }
  return starts;
}

/** A bucket start as clients see it: local wall time with its offset, e.g. 2022-04-03T00:00:00-06:00. */
export function localIso(at: Date, timezone: string): string {
  return DateTime.fromJSDate(at, { zone: timezone }).toISO({
    suppressMilliseconds: true,
    includeOffset: true,
  })!;
}

/** A timestamptz[] parameter (one text literal: both drivers pass it the same way). */
export function timestampArray(values: readonly Date[]): SQL {
  return sql`${`{${values.map((v) => v.toISOString()).join(',')}}`}::timestamptz[]`;
}

/**
 * The 0-based index in `starts` of the bucket holding the timestamp `column` (binary search over
 * the boundaries computed in JS; -1 before the first). Rows must already be limited to [from, to).
 */
export function bucketIndexSql(column: SQL, starts: readonly Date[]): SQL {
  return sql`(width_bucket(${column}, ${timestampArray(starts)}) - 1)`;
}

/**
 * The local bucket start of a timestamptz in the database's own zone rules:
 * `date_trunc(unit, ts AT TIME ZONE tz) AT TIME ZONE tz`. Reports use `bucketIndexSql`; this one is
 * for checks that the database's tzdata agrees with the runtime's.
 */
export function localBucketSql(column: SQL, timezone: string, bucket: Bucket): SQL {
  const unit = sql.raw(bucket === 'day' ? `'day'` : `'hour'`);
  return sql`(date_trunc(${unit}, ${column} at time zone ${timezone}) at time zone ${timezone})`;
}
