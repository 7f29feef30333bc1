import { DateTime } from 'luxon';
import {
  ANALYTICS_DEFAULT_TIMEZONE,
  ANALYTICS_HOURLY_MAX_MS,
  ANALYTICS_MAX_RANGE_MS,
  type AnalyticsReport,
} from '@inbox/contracts';
import { invalid, type FieldError } from '@inbox/platform';
import { bucketStart, type Bucket } from './buckets';

/** A report's parameters after validation and defaults: what the reports and the cache key use. */
export interface ResolvedQuery {
  /** [from, to), half-open. */
  from: Date;
  to: Date;
  timezone: string;
  bucket: Bucket;
  /** The period of equal length just before: [from − (to − from), from). */
  previous: { from: Date; to: Date };
  force: boolean;
  excludeIncomplete: boolean;
}

export interface ReportParameters {
  from?: string | null;
  to?: string | null;
  timezone?: string | null;
  force?: boolean;
  excludeIncomplete?: boolean;
}

/** Reports with a series of buckets: the only ones an unfinished bucket can be left out of. */
const BUCKETED: ReadonlySet<AnalyticsReport> = new Set(['overview', 'conversations']);

/**
 * Area/Location names (America/Argentina/Buenos_Aires, Etc/GMT+5) and UTC. Everything else is
 * refused even where ICU knows it: offsets ("+05:00", "UTC+3") and abbreviations ("EST", "CET")
 * name no place, and peers that guessed a zone from them split days wrongly across DST.
 */
const ZONE_NAME = /^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+)$/;

/** ISO 8601 date-time with an offset or Z, or a date alone (local midnight in the zone). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The zone's name if the runtime knows it as an IANA zone (canonical capitals when only those differ). */
export function ianaZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // ICU maps links to its own canonical names (Asia/Kolkata → Asia/Calcutta): keep the caller's.
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

function parseInstant(value: string, timezone: string): Date | null {
  if (!DATE_TIME.test(value) && !DATE_ONLY.test(value)) return null;
  const parsed = DateTime.fromISO(value, { zone: timezone });
  return parsed.isValid ? parsed.toJSDate() : null;
}

const present = (value: string | null | undefined): value is string => value != null && value !== '';

/**
 * Validates and completes a report's parameters. Defaults: the zone America/Mexico_City, `to` now,
 * `from` the local midnight six days before `to`'s local day (the last 7 local days, today
 * included). Ranges of two days or less are bucketed by hour, longer ones by day.
 */
export function resolveQuery(report: AnalyticsReport, request: ReportParameters, now: Date): ResolvedQuery {
  const fields: FieldError[] = [];
  let timezone = ANALYTICS_DEFAULT_TIMEZONE;
  if (present(request.timezone)) {
    const zone = ianaZone(request.timezone);
    if (zone) timezone = zone;
    else
      fields.push({ path: 'timezone', message: 'must be an IANA time zone name, e.g. America/Mexico_City' });
  }
  const given = (path: 'from' | 'to'): Date | null | undefined => {
    const value = request[path];
    if (!present(value)) return undefined;
    const instant = parseInstant(value, timezone);
    if (!instant) fields.push({ path, message: 'must be an ISO 8601 date-time with an offset or Z' });
    return instant;
  };
  const givenFrom = given('from');
  const givenTo = given('to');
  if (fields.length > 0) throw invalid('VALIDATION_FAILED', 'The report parameters are not valid', fields);

  let to = givenTo ?? now;
  const from =
    givenFrom ?? DateTime.fromJSDate(to, { zone: timezone }).startOf('day').minus({ days: 6 }).toJSDate();
  if (from >= to) {
    throw invalid('VALIDATION_FAILED', 'from must be before to', [
      { path: 'from', message: 'must be before to' },
    ]);
  }
  if (to.getTime() - from.getTime() > ANALYTICS_MAX_RANGE_MS) {
    throw invalid('VALIDATION_FAILED', 'The range is too long', [
      { path: 'from', message: `the range may span at most ${ANALYTICS_MAX_RANGE_MS / 86_400_000} days` },
    ]);
  }
  const bucket: Bucket = to.getTime() - from.getTime() <= ANALYTICS_HOURLY_MAX_MS ? 'hour' : 'day';
  const excludeIncomplete = BUCKETED.has(report) && request.excludeIncomplete === true;
  if (excludeIncomplete) {
    // The bucket holding `to` is only partly in the range: leave it out (the range may become empty).
    const start = bucketStart(to, timezone, bucket);
    if (start < to) to = start < from ? from : start;
  }
  const length = to.getTime() - from.getTime();
  return {
    from,
    to,
    timezone,
    bucket,
    previous: { from: new Date(from.getTime() - length), to: from },
    force: request.force === true,
    excludeIncomplete,
  };
}
