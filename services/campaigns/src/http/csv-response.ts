import type { Response } from 'express';
import { attachmentDisposition, csvLines, UTF8_BOM, type CsvValue } from '../csv/csv-writer';

/** Rows per database read of an export: ~150 KB of CSV, the most one export holds at a time. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Pages of rows read by keyset on `seq`: each read starts after the last row of the previous one,
 * and the next is asked for only when the previous one was written.
 */
export async function* keysetPages<T extends { seq: number }>(
  read: (afterSeq: number) => Promise<T[]>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<T[]> {
  let afterSeq = -1;
  for (;;) {
    const rows = await read(afterSeq);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    afterSeq = rows[rows.length - 1].seq;
  }
}

/** The client closed the connection: nothing is left to send, nor to log. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection');
    this.name = 'ClientGone';
  }
}

/** Writes `chunk`, then waits while the socket's buffer is full ('drain'), so memory stays one page. */
function write(res: Response, chunk: string): Promise<void> {
  if (res.destroyed) return Promise.reject(new ClientGone());
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const drained = () => {
      res.off('close', closed);
      resolve();
    };
    const closed = () => {
      res.off('drain', drained);
      reject(new ClientGone());
    };
    res.once('drain', drained);
    res.once('close', closed);
  });
}

export interface CsvDownload {
  filename: string;
  header: readonly string[];
  pages: AsyncIterable<readonly (readonly CsvValue[])[]>;
}

/**
 * A CSV download streamed page by page. The first page is read before the status line, so a
 * failure there is still a problem document; a failure after it cuts the response (the route
 * destroys it), which a client sees as an incomplete download, never as a shorter complete file.
 */
export async function sendCsv(res: Response, { filename, header, pages }: CsvDownload): Promise<void> {
  const iterator = pages[Symbol.asyncIterator]();
  try {
    let next = await iterator.next();
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(filename),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    await write(res, UTF8_BOM + csvLines([header]));
    while (!next.done) {
      await write(res, csvLines(next.value));
      next = await iterator.next();
    }
    res.end();
  } finally {
    // Stops the reads when the client went away or a write failed.
    await iterator.return?.(undefined);
  }
}
