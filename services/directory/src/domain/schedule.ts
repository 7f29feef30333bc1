import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, type Weekday } from '@inbox/contracts';
import type { FieldError } from '@inbox/platform';

/**
 * Team working hours: weekly wall-clock intervals in one IANA time zone, plus whole-day holidays.
 * Pure domain code (no I/O); the clock is always passed in so callers and tests control "now".
 */

export type { Weekday };

export interface WeeklyInterval {
  day: Weekday;
  /** Local wall-clock time, HH:mm, 00:00–23:59. */
  start: string;
  /** Local wall-clock time, HH:mm, 00:01–24:00; '24:00' means "until the end of the day". */
  end: string;
}

export interface Holiday {
  /** Local calendar date (YYYY-MM-DD) in the schedule's time zone; the whole day is closed. */
  date: string;
  name: string | null;
}

export interface ScheduleRules {
  timezone: string;
  /** Empty means open around the clock (holidays still close). */
  weeklyHours: WeeklyInterval[];
  holidays: Holiday[];
}

export interface ScheduleStatus {
  open: boolean;
  /** The instant evaluated, ISO 8601 UTC. */
  now: string;
  /** The next instant the open state flips, ISO 8601 UTC; null if none within the search horizon. */
  nextChangeAt: string | null;
}

/** How far ahead scheduleStatus looks for the next change; beyond it nextChangeAt is null. */
export const SEARCH_HORIZON_DAYS = 400;

const START_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MINUTES_PER_DAY = 24 * 60;

const isWeekday = (value: unknown): value is Weekday => WEEKDAYS.includes(value as Weekday);
const isStart = (value: unknown): value is string => typeof value === 'string' && START_RE.test(value);
const isEnd = (value: unknown): value is string => isStart(value) || value === '24:00';

/** 'HH:mm' → minutes since local midnight; '24:00' → 1440. Only call on validated strings. */
const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A real calendar date: the regex alone would accept 2025-02-30. */
const isCalendarDate = (value: unknown): value is string =>
  typeof value === 'string' && DATE_RE.test(value) && DateTime.fromISO(value, { zone: 'utc' }).isValid;

/** Every problem at once (not just the first), each with the path of the offending field. */
export function validateSchedule(input: ScheduleRules): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof input.timezone !== 'string' || !IANAZone.isValidZone(input.timezone)) {
    errors.push({ path: 'timezone', message: 'must be a valid IANA time zone, e.g. Europe/Berlin' });
  }

  const valid: { index: number; day: Weekday; start: number; end: number }[] = [];
  input.weeklyHours.forEach((interval, index) => {
    const path = `weeklyHours[${index}]`;
    const before = errors.length;
    if (!isWeekday(interval.day)) {
      errors.push({ path: `${path}.day`, message: `must be one of ${WEEKDAYS.join(', ')}` });
    }
    if (!isStart(interval.start)) {
      errors.push({ path: `${path}.start`, message: 'must be a time HH:mm between 00:00 and 23:59' });
    }
    if (!isEnd(interval.end)) {
      errors.push({ path: `${path}.end`, message: 'must be a time HH:mm between 00:00 and 24:00' });
    }
    if (errors.length > before) return;
    const start = toMinutes(interval.start);
    const end = toMinutes(interval.end);
    if (start >= end) {
      // One entry never crosses midnight, so "same day" checks and DST resolution stay per local day.
      errors.push({
        path: `${path}.end`,
        message:
          'must be after start; split an overnight shift into two entries (e.g. 22:00–24:00 and 00:00–06:00)',
      });
      return;
    }
    valid.push({ index, day: interval.day, start, end });
  });

  // Overlap check per day: sort by start and compare with the furthest end seen so far.
  for (const day of WEEKDAYS) {
    const sameDay = valid.filter((v) => v.day === day).sort((a, b) => a.start - b.start || a.index - b.index);
    let furthest = sameDay[0];
    for (const current of sameDay.slice(1)) {
      if (current.start < furthest.end) {
        errors.push({
          path: `weeklyHours[${current.index}].start`,
          message: `overlaps weeklyHours[${furthest.index}] on ${day}`,
        });
      }
      if (current.end > furthest.end) furthest = current;
    }
  }

  const seen = new Map<string, number>();
  input.holidays.forEach((holiday, index) => {
    const path = `holidays[${index}].date`;
    if (!isCalendarDate(holiday.date)) {
      errors.push({ path, message: 'must be a real calendar date YYYY-MM-DD' });
      return;
    }
    const first = seen.get(holiday.date);
    if (first !== undefined) {
      errors.push({ path, message: `duplicates holidays[${first}].date` });
    } else {
      seen.set(holiday.date, index);
    }
  });
  return errors;
}

/** Canonical order for storage and display: day order, then start, then end; holidays by date. */
export function normalizeSchedule(input: ScheduleRules): ScheduleRules {
  const dayIndex = (day: Weekday) => WEEKDAYS.indexOf(day);
  return {
    timezone: input.timezone,
    weeklyHours: [...input.weeklyHours]
      .sort(
        (a, b) =>
          dayIndex(a.day) - dayIndex(b.day) || a.start.localeCompare(b.start) || a.end.localeCompare(b.end),
      )
      .map((interval) => ({ ...interval })),
    holidays: [...input.holidays]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((holiday) => ({ ...holiday })),
  };
}

interface Segment {
  start: number; // epoch ms, inclusive
  end: number; // epoch ms, exclusive
}

/**
 * Open segments (epoch ms) one local day at a time, in chronological order, from the local day
 * containing `from` through SEARCH_HORIZON_DAYS days later.
 *
 * Wall-clock → instant resolution, done by luxon's `DateTime#set` from the local start of the day:
 * - a time that does not exist on a spring-forward day moves forward by the gap
 *   (America/New_York 2025-03-09 02:30 → 03:30 EDT = 07:30Z), so such an interval opens late;
 * - an ambiguous time on a fall-back day resolves to its first occurrence (the offset in force at
 *   the start of the day), so 01:00–02:00 on a New York fall-back day lasts two real hours.
 */
function* openSegments(rules: ScheduleRules, from: Date): Generator<Segment> {
  const holidays = new Set(rules.holidays.map((h) => h.date));
  const byDay = new Map<number, { start: number; end: number }[]>();
  for (const interval of rules.weeklyHours) {
    const weekday = WEEKDAYS.indexOf(interval.day) + 1; // luxon: Monday = 1 … Sunday = 7
    const list = byDay.get(weekday) ?? [];
    list.push({ start: toMinutes(interval.start), end: toMinutes(interval.end) });
    byDay.set(weekday, list);
  }
  for (const list of byDay.values()) list.sort((a, b) => a.start - b.start);
  const allDay = [{ start: 0, end: MINUTES_PER_DAY }];

  let day = DateTime.fromJSDate(from, { zone: rules.timezone }).startOf('day');
  for (let i = 0; i <= SEARCH_HORIZON_DAYS; i++) {
    // Step from the previous local day (not "+24h") so 23- and 25-hour days are handled by luxon.
    const nextDay = day.plus({ days: 1 }).startOf('day');
    const dayStart = day.toMillis();
    const dayEnd = nextDay.toMillis();
    if (!holidays.has(day.toISODate() ?? '')) {
      const intervals = rules.weeklyHours.length === 0 ? allDay : (byDay.get(day.weekday) ?? []);
      for (const { start, end } of intervals) {
        const at = (minutes: number) =>
          minutes >= MINUTES_PER_DAY
            ? dayEnd
            : day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
        // Clamp to the local day so a DST quirk can never leak an interval into a holiday.
        const segment = { start: Math.max(at(start), dayStart), end: Math.min(at(end), dayEnd) };
        if (segment.start < segment.end) yield segment;
      }
    }
    day = nextDay;
  }
}

/**
 * The next instant after (or at) `now` where the open state flips, or null within the horizon.
 * Touching segments (12:00–12:00, or 24:00 Monday → 00:00 Tuesday) are merged first, so the
 * answer is a real change of state, never a join between two entries.
 * Assumes rules that pass validateSchedule (scheduleStatus checks that).
 */
export function nextChange(rules: ScheduleRules, now: Date): { open: boolean; at: Date | null } {
  const t = now.getTime();
  let current: Segment | null = null;
  for (const segment of openSegments(rules, now)) {
    if (current && segment.start <= current.end) {
      current.end = Math.max(current.end, segment.end);
      continue;
    }
    // A gap follows `current`: if it contains now, its end is the change.
    if (current && current.start <= t && t < current.end) return { open: true, at: new Date(current.end) };
    // Otherwise we are closed, and the first segment starting after now is the change.
    if (segment.start > t) return { open: false, at: new Date(segment.start) };
    current = { ...segment };
  }
  // Ran out of horizon: an open period that reaches it has no known end.
  return { open: current !== null && current.start <= t && t < current.end, at: null };
}

/** Is the team open at `now`, and when does that change? Throws on rules that fail validation. */
export function scheduleStatus(rules: ScheduleRules, now: Date): ScheduleStatus {
  if (Number.isNaN(now.getTime())) throw new RangeError('scheduleStatus: now is an invalid Date');
  const errors = validateSchedule(rules);
  if (errors.length > 0) {
    throw new RangeError(`scheduleStatus: invalid schedule: ${errors[0].path} ${errors[0].message}`);
  }
  const { open, at } = nextChange(rules, now);
  return { open, now: now.toISOString(), nextChangeAt: at ? at.toISOString() : null };
}
