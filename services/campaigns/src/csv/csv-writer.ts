import { stringify } from 'csv-stringify/sync';

/*
 * CSV for people who open it in a spreadsheet: UTF-8 with a BOM (Excel reads accents right only
 * with it), CRLF records, RFC 4180 quoting, and no cell a spreadsheet would run as a formula.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** Written once, before the header: Excel takes the file as UTF-8 only when it starts with it. */
export const UTF8_BOM = '\uFEFF';

/**
 * Cells a spreadsheet reads as a formula (OWASP "CSV injection"): = + - @, a tab or a carriage
 * return first, and their full-width forms, which some spreadsheets take alike.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A value that is only a number, or an E.164 phone (+5215512345678): kept as is, it runs nothing. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** The text of one cell, a formula-like start neutralised with a leading `'`. */
export function safeCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * Rows as CSV records, each ended by CRLF. A cell is quoted when it holds the delimiter, a quote,
 * or any line break (csv-stringify quotes only the record delimiter by itself; a bare LF inside an
 * unquoted cell would split the row in Excel).
 */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((row) => row.map(safeCell)),
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** `Content-Disposition` of a download: an ASCII `filename` and, when it is not ASCII, RFC 5987's `filename*`. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === filename) return `attachment; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
