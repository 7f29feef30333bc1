import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { HttpProblem, invalid } from '@inbox/platform';
import { readColumns, readRow, type RecipientParameters } from './recipient-columns';

/*
 * A recipients CSV read as it streams in: the encoding and the delimiter are decided from the
 * first line, then each record becomes a recipient or an invalid row (with its row number). Only
 * the recipients are kept, and never more than `maxRows`; memory is otherwise bounded by one record.
 */

export interface CsvRecipient {
  /** Data row, from 1 (the row after the header). */
  row: number;
  phone: string;
  parameters?: RecipientParameters;
}

export interface CsvInvalidRow {
  row: number;
  phone: string;
  reason: string;
  message: string;
}

export interface RecipientsCsv {
  recipients: CsvRecipient[];
  invalid: CsvInvalidRow[];
  /** Data rows read (blank rows left out). */
  rows: number;
  delimiter: string;
  encoding: 'utf-8' | 'windows-1252';
  ignoredColumns: string[];
}

export interface RecipientsCsvOptions {
  /** Data rows at most (recipients and invalid rows alike); one more fails with `tooMany`. */
  maxRows: number;
  tooMany: (maxRows: number) => Error;
}

/** The first line is looked for within this many bytes; a longer header is not a recipients list. */
const HEAD_MAX = 64 * 1024;
/** One record (a row with its quoted line breaks) at most: an unclosed quote fails here, not at the end of memory. */
const RECORD_MAX = 64 * 1024;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const csvError = (message: string) => invalid('INVALID_CSV', message, [{ path: 'file', message }]);

/** An Excel workbook (.xlsx is a ZIP, .xls an OLE file) sent where a CSV was expected. */
const WORKBOOK = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0])];
const notCsv = () => {
  const message = 'This is a spreadsheet workbook, not CSV: save it as "CSV UTF-8" and upload that';
  return new HttpProblem({
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: message,
    errors: [{ path: 'file', message }],
  });
};

/**
 * Excel in Spanish or Portuguese locales writes `;`, some tools a tab: the one that appears most
 * often outside quotes in the header line wins (`,` when none does, a single column).
 */
export function detectDelimiter(headerLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts] += 1;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

/**
 * "CSV UTF-8" starts with a BOM; Excel's plain "CSV" on Windows is Windows-1252, which the first
 * line (or 64 KiB) shows by not being valid UTF-8.
 */
function encodingOf(head: Buffer): 'utf-8' | 'windows-1252' {
  if (head.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

async function* bytesOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
}

/** The first line's bytes (or the first 64 KiB), and the rest of the stream to go on reading. */
async function splitHead(chunks: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(parts), done: true };
    parts.push(next.value);
    size += next.value.length;
    if (next.value.includes(0x0a) || size >= HEAD_MAX) return { head: Buffer.concat(parts), done: false };
  }
}

async function* decoded(head: Buffer, rest: AsyncIterator<Buffer>, done: boolean, encoding: string) {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  yield decoder.decode(head, { stream: true });
  while (!done) {
    const next = await rest.next();
    if (next.done) break;
    yield decoder.decode(next.value, { stream: true });
  }
  yield decoder.decode();
}

/** Reads a recipients CSV to its end; a file this cannot read as CSV with a phone column is a 400. */
export async function readRecipientsCsv(
  source: AsyncIterable<unknown>,
  options: RecipientsCsvOptions,
): Promise<RecipientsCsv> {
  const chunks = bytesOf(source)[Symbol.asyncIterator]();
  const { head, done } = await splitHead(chunks);
  if (WORKBOOK.some((magic) => head.subarray(0, magic.length).equals(magic))) {
    await chunks.return?.(undefined);
    throw notCsv();
  }
  const encoding = encodingOf(head);
  const firstLine = new TextDecoder(encoding).decode(head).split(/\r?\n|\r/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  const textStream = Readable.from(decoded(head, chunks, done, encoding));
  const parser = parse({
    delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: RECORD_MAX,
  });
  // A failing upload (too large, cut off) fails the parser, and through it this loop.
  pipeline(textStream, parser, () => undefined);
  const result: RecipientsCsv = {
    recipients: [],
    invalid: [],
    rows: 0,
    delimiter,
    encoding,
    ignoredColumns: [],
  };
  let columns: ReturnType<typeof readColumns> | undefined;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = readColumns(cells);
        result.ignoredColumns = columns.ignored;
        continue;
      }
      result.rows += 1;
      if (result.rows > options.maxRows) throw options.tooMany(options.maxRows);
      const reading = readRow(columns, cells);
      if (reading.ok)
        result.recipients.push({ row: result.rows, phone: reading.phone, parameters: reading.parameters });
      else
        result.invalid.push({
          row: result.rows,
          phone: reading.phone,
          reason: reading.reason,
          message: reading.message,
        });
    }
  } catch (error) {
    textStream.destroy();
    parser.destroy();
    // csv-parse's own errors (an unclosed quote, a record too long) name the line.
    if (error instanceof CsvError) throw csvError(error.message);
    throw error;
  }
  if (!columns) throw csvError('The file is empty: a header row with a phone column is required');
  return result;
}
