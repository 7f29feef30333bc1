import { DateTime, IANAZone } from 'luxon';

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

/** A local bucket: its start and the zone's offset there (minutes east of UTC). */
export interface LocalBucket {
  start: Date;
  offset: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const QUARTER_MS = 15 * 60_000;
const offsetAt = (timezone: string, ms: number) => IANAZone.create(timezone).offset(ms);

/** Whether the instant `ms` (the zone `offset` there) is on a local hour or midnight. */
function onBoundary(ms: number, offset: number, bucket: Bucket): boolean {
  const size = bucket === 'day' ? DAY_MS : HOUR_MS;
  return (((ms + offset * 60_000) % size) + size) % size === 0;
}

/**
 * The local bucket after the one starting at `start`. Days by calendar (23, 24 or 25 hours; a
 * day whose midnight does not exist starts when it does). Hours: the next quarter-hour on a local
 * hour; a 30-minute DST shift (Australia/Lord_Howe) makes an hour of 30 or 90 minutes.
 */
function nextStart(start: number, timezone: string, bucket: Bucket): number {
  if (bucket === 'day') {
    return DateTime.fromMillis(start, { zone: timezone }).plus({ days: 1 }).startOf('day').toMillis();
  }
  for (let t = start + QUARTER_MS; t <= start + 2 * HOUR_MS; t += QUARTER_MS) {
    if (onBoundary(t, offsetAt(timezone, t), 'hour')) return t;
  }
  return start + HOUR_MS;
}

/**
 * The local buckets meeting [from, to) (the first may start before `from`). Within 24 hours of
 * one offset, local hours are whole UTC hours apart and the next local midnight is 24 hours on:
 * zone rules are read only around offset changes, which keeps a year of hours to milliseconds.
 */
export function localBuckets(from: Date, to: Date, timezone: string, bucket: Bucket): LocalBucket[] {
  const buckets: LocalBucket[] = [];
  const end = to.getTime();
  let s = DateTime.fromJSDate(from, { zone: timezone }).startOf(bucket).toMillis();
  let offset = offsetAt(timezone, s);
  while (s < end) {
    if (onBoundary(s, offset, bucket) && offsetAt(timezone, s + DAY_MS) === offset) {
      const step = bucket === 'day' ? DAY_MS : HOUR_MS;
      for (let t = s; t < s + DAY_MS && t < end; t += step) buckets.push({ start: new Date(t), offset });
      s += DAY_MS;
      continue;
    }
    buckets.push({ start: new Date(s), offset });
    s = nextStart(s, timezone, bucket);
    offset = offsetAt(timezone, s);
  }
  return buckets;
}

/** The starts of the local buckets meeting [from, to). */
export function bucketStarts(from: Date, to: Date, timezone: string, bucket: Bucket): Date[] {
  return localBuckets(from, to, timezone, bucket).map((b) => b.start);
}

/** A bucket's start as clients see it: local wall time with its offset, e.g. 2022-04-03T00:00:00-06:00. */
export function bucketIso({ start, offset }: LocalBucket): string {
  const wall = new Date(start.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A bucket's local weekday (0 Monday … 6 Sunday) and hour. */
export function bucketWeekdayHour({ start, offset }: LocalBucket): { weekday: number; hour: number } {
  const wall = new Date(start.getTime() + offset * 60_000);
  return { weekday: (wall.getUTCDay() + 6) % 7, hour: wall.getUTCHours() };
}

/** An instant as local wall time with its offset in the zone. */
export function localIso(at: Date, timezone: string): string {
  return bucketIso({ start: at, offset: offsetAt(timezone, at.getTime()) });
}
