import { z } from 'zod';
import {
  ANALYTICS_DEFAULT_TIMEZONE,
  ANALYTICS_HOURLY_MAX_MS,
  ANALYTICS_MAX_RANGE_MS,
} from '@inbox/contracts';
import { queryBoolean } from './schemas';

const DAY_MS = 24 * 3600_000;

/** A bound of the range: an instant with its offset, or a local date (midnight in `timezone`). */
const bound = (meaning: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .optional()
    .describe(
      `ISO 8601 date-time with an offset (2025-03-09T00:00:00-06:00), or a date alone (local midnight in timezone); ${meaning}`,
    );

const common = {
  from: bound('inclusive; default: local midnight 6 days before to’s local day (the last 7 local days)'),
  to: bound('exclusive; default: now'),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      `IANA zone name (America/Tijuana, Asia/Kolkata); offsets (+05:00) and abbreviations (EST) are refused with 400. Default ${ANALYTICS_DEFAULT_TIMEZONE}. Buckets are local hours when the range is ${ANALYTICS_HOURLY_MAX_MS / DAY_MS} days or less, else local days (a DST day has 23 or 25 hours); the range may be at most ${ANALYTICS_MAX_RANGE_MS / DAY_MS} days`,
    ),
  force: queryBoolean.optional().describe('true: recompute now instead of answering a cached report'),
};

/** agents, bot, campaigns: no series, so no unfinished bucket to leave out. */
export const reportQuery = z.strictObject(common);

/** overview and conversations. */
export const bucketedReportQuery = z.strictObject({
  ...common,
  excludeIncomplete: queryBoolean
    .optional()
    .describe('true: end the range at the start of the current unfinished bucket (hour or day)'),
});

export type ReportQuery = z.infer<typeof bucketedReportQuery>;

/** The gRPC ReportRequest of a validated query. */
export const toReportRequest = (q: ReportQuery) => ({
  from: q.from,
  to: q.to,
  timezone: q.timezone,
  force: q.force ?? false,
  excludeIncomplete: q.excludeIncomplete ?? false,
});
