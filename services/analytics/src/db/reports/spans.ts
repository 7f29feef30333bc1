import { sql, type SQL } from 'drizzle-orm';
import { SLOT_MINUTES } from '../schema';

// How a range [from, to) is read from the rollups: whole UTC periods from the rollup rows, the
// partial ones at its ends from the rows themselves, so every figure is exact for any instants.

/** A half-open span of time [from, to). */
export interface Span {
  from: Date;
  to: Date;
}

const SLOT_MS = SLOT_MINUTES * 60_000;
const DAY_MS = 86_400_000;

const floorTo = (d: Date, ms: number) => new Date(Math.floor(d.getTime() / ms) * ms);
const ceilTo = (d: Date, ms: number) => new Date(Math.ceil(d.getTime() / ms) * ms);
const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const ceilMonth = (d: Date) => (monthStart(d).getTime() === d.getTime() ? d : monthStart(d, 1));

/** [from, to) cut into the whole periods inside it and the parts before and after them. */
function cut(range: Span, floor: (d: Date) => Date, ceil: (d: Date) => Date) {
  const inner = { from: ceil(range.from), to: floor(range.to) };
  if (inner.from >= inner.to) return { inner: null, outer: [range] };
  const outer = [
    { from: range.from, to: inner.from },
    { from: inner.to, to: range.to },
  ].filter((s) => s.from < s.to);
  return { inner, outer };
}

/** Whole 15-minute slots of the range (null: none) and the rest. */
export const slotSpans = (from: Date, to: Date) =>
  cut(
    { from, to },
    (d) => floorTo(d, SLOT_MS),
    (d) => ceilTo(d, SLOT_MS),
  );

/** Whole UTC days of the range (null: none) and the rest (raw). */
export function daySpans(from: Date, to: Date): { days: Span | null; raw: Span[] } {
  const { inner, outer } = cut(
    { from, to },
    (d) => floorTo(d, DAY_MS),
    (d) => ceilTo(d, DAY_MS),
  );
  return { days: inner, raw: outer };
}

/** Whole UTC months of the range, the whole days outside them, and the rest (raw). */
export function monthSpans(from: Date, to: Date): { months: Span | null; days: Span[]; raw: Span[] } {
  const { days, raw } = daySpans(from, to);
  if (!days) return { months: null, days: [], raw };
  const { inner, outer } = cut(days, monthStart, ceilMonth);
  return { months: inner, days: outer, raw };
}

const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** `column` in any of the spans (false for none). */
export function inSpans(column: SQL, spans: readonly (Span | null)[]): SQL {
  const parts = spans
    .filter((s): s is Span => s !== null)
    .map((s) => sql`(${column} >= ${at(s.from)} and ${column} < ${at(s.to)})`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}
