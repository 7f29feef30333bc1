import { sql, type SQL } from 'drizzle-orm';
import type { Bucket } from '../../reports/buckets';

// The SQL side of the report buckets: the boundaries themselves are computed in JS (reports/buckets.ts).

/** A timestamptz[] parameter (one text literal: both drivers pass it the same way). */
export function timestampArray(values: readonly Date[]): SQL {
  // In a sub-select: evaluated once per query (an initplan), not parsed again for every row.
  return sql`(select ${`{${values.map((v) => v.toISOString()).join(',')}}`}::timestamptz[])`;
}

/**
 * The 0-based index in `starts` of the bucket holding the timestamp `column` (binary search over
 * the boundaries computed in JS; -1 before the first). Rows must already be limited to [from, to).
 */
export function bucketIndexSql(column: SQL, starts: readonly Date[]): SQL {
  if (starts.length === 0) return sql`-1`;
  return sql`(width_bucket(${column}, ${timestampArray(starts)}) - 1)`;
}

/**
 * The local bucket start of a timestamptz by the database's own zone rules: `date_trunc(unit, ts,
 * tz)` (PostgreSQL 12+). Not `date_trunc(unit, ts AT TIME ZONE tz) AT TIME ZONE tz`: that round
 * trip gives the repeated hour of a DST end its second (standard-time) instant. Reports use
 * `bucketIndexSql`; this one checks that the database's tzdata agrees with the runtime's.
 */
export function localBucketSql(column: SQL, timezone: string, bucket: Bucket): SQL {
  const unit = sql.raw(bucket === 'day' ? `'day'` : `'hour'`);
  return sql`date_trunc(${unit}, ${column}, ${timezone})`;
}
