import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface MultipartFile {
  /** The form field that carries the file. */
  field: string;
  stream: Readable;
  /** Exactly how many bytes `stream` yields: the body's length is sent before the bytes. */
  size: number;
  filename: string;
  mimeType: string;
}

export interface MultipartBody {
  stream: Readable;
  contentType: string;
  length: number;
}

/** WHATWG form-data escaping of a name inside quotes; header values lose line breaks. */
const quoted = (value: string) => value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
const headerValue = (value: string) => value.replace(/[\r\n]/g, '');

async function* frame(head: Buffer, file: MultipartFile, tail: Buffer): AsyncGenerator<Buffer> {
  yield head;
  let seen = 0;
  for await (const chunk of file.stream as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > file.size) throw new Error(`the file has more than the ${file.size} bytes announced`);
    yield chunk;
  }
  if (seen !== file.size) throw new Error(`the file has ${seen} bytes, not the ${file.size} announced`);
  yield tail;
}

/**
 * A multipart/form-data body around a file stream, with its length known up front: the file is
 * read as the request is written, never held in memory, and the request carries Content-Length.
 */
export function multipartBody(fields: Record<string, string>, file: MultipartFile): MultipartBody {
  const boundary = `----inbox-${randomBytes(16).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${fieldParts.join('')}--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"\r\n` +
      `Content-Type: ${headerValue(file.mimeType)}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    stream: Readable.from(frame(head, file, tail), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
  };
}
