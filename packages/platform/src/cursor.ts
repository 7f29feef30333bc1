import { MAX_CURSOR_LENGTH } from '@inbox/contracts';
import { invalid } from './errors';

/** One part of a cursor: a sort key, a tie-breaking id, the sort it belongs to. */
export type CursorPart = string | number | null;

// The gateway refuses longer cursors at the edge with the same limit (@inbox/contracts).
export { MAX_CURSOR_LENGTH };

const TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * An opaque page cursor: the parts (the last row's sort key and id) as base64url JSON. Callers
 * see a token, never its layout; the list that issued it checks what each part means.
 */
export function encodeCursor(parts: readonly CursorPart[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function parse(token: string): unknown {
  if (token.length > MAX_CURSOR_LENGTH || !TOKEN.test(token)) return undefined;
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isPart = (value: unknown): value is CursorPart =>
  value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * The `arity` parts of a cursor `encodeCursor` made; numbers come back as their decimal text.
 * Anything else (not base64url, not JSON, another shape, too long) is a 400 on `field`: a client
 * that forged or truncated a cursor learns so, rather than getting a 500 from the query.
 */
export function decodeCursor(token: string, arity: number, field = 'cursor'): (string | null)[] {
  const value = parse(token);
  if (!Array.isArray(value) || value.length !== arity || !value.every(isPart))
    throw invalid('VALIDATION_FAILED', 'The cursor is not one this API returned', [
      { path: field, message: 'Use nextCursor from a previous page' },
    ]);
  return value.map((part: CursorPart) => (part === null ? null : String(part)));
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 instant PostgreSQL's `::timestamptz` and JavaScript's Date both read as written: a
 * real calendar day, years 1 to 9999, a time of day and an offset in range. Anything else in a
 * cursor is a 400 here rather than a 500 from the query (or an Invalid Date in an event).
 */
export function isIsoInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetHours < 16 &&
    offsetMinutes < 60 &&
    !Number.isNaN(Date.parse(value))
  );
}
