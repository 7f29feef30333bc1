import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { invalid } from '../errors';
import { HttpProblem } from './problem';

/*
 * Multipart uploads on a service's internal HTTP port (the gateway proxies the body as it comes).
 * One file part is streamed to its destination as it arrives, cut off as soon as it passes its size
 * limit (a second file part is a 400); nothing of a refused or broken upload is left behind, and
 * the rest of the body is drained unread. Memory stays bounded whatever the client sends.
 */

export interface MultipartFileInfo {
  mimeType: string;
  filename: string | undefined;
}

/** The limit of one file: its size, and the error a larger one fails with (413 usually). */
export interface FileLimit {
  maxBytes: number;
  tooLarge: (maxBytes: number) => Error;
}

/** `maxBytes`: the most any file may weigh (the parser itself stops there). */
export interface MultipartOptions extends FileLimit {
  /** The name of the file part; other parts of that kind are drained. Default `file`. */
  fileField?: string;
  /** The longest text field in bytes. Default 8 KiB. */
  fieldSize?: number;
  /**
   * When the file part starts, with the fields sent before it: throw to refuse it before a byte
   * is stored (415 for a type), or answer a lower limit for this file.
   */
  onFile?: (file: MultipartFileInfo, fields: Record<string, string>) => number | FileLimit | void;
}

/** Where the file part goes. */
export interface FileSink<T> {
  /** Consumes `data` to its end; rejects (with `limit.tooLarge`) as soon as more than `limit.maxBytes` pass. */
  write(data: Readable, file: MultipartFileInfo, limit: FileLimit): Promise<T>;
  /** Removes whatever `write` kept or left: the upload failed. */
  discard(): Promise<void>;
}

export interface ReceivedPart<T> {
  stored: T;
  file: MultipartFileInfo;
  fields: Record<string, string>;
}

const fieldError = (field: string, message: string) =>
  invalid('VALIDATION_FAILED', message, [{ path: field, message }]);

const notMultipart = () =>
  new HttpProblem({
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Send the file as multipart/form-data',
    errors: [{ path: 'file', message: 'Send the file as multipart/form-data' }],
  });

function limitOf(options: MultipartOptions, asked: number | FileLimit | void): FileLimit {
  if (asked === undefined) return options;
  const wanted = typeof asked === 'number' ? { maxBytes: asked, tooLarge: options.tooLarge } : asked;
  return { maxBytes: Math.min(options.maxBytes, wanted.maxBytes), tooLarge: wanted.tooLarge };
}

/** One upload in progress: the parser's events, the part being written, and the one outcome. */
class Reception<T> {
  readonly fields: Record<string, string> = {};
  private writing?: Promise<{ stored: T; file: MultipartFileInfo }>;
  private active?: Readable;
  private settled = false;

  constructor(
    private readonly body: Readable,
    private readonly parser: busboy.Busboy,
    private readonly sink: FileSink<T>,
    private readonly options: MultipartOptions,
    private readonly resolve: (part: ReceivedPart<T>) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  readonly fail = (error: unknown): void => {
    if (this.settled) return;
    this.settled = true;
    this.body.unpipe(this.parser);
    this.body.resume();
    // The parser gets no more bytes: a part still being written would never end on its own. With
    // an error: a part the sink has not started reading yet, destroyed without one, would leave
    // the sink's pipeline waiting forever.
    if (this.active && !this.active.readableEnded) this.active.destroy(new Error('Upload refused'));
    // Answered once the sink let go of the part and its remains are gone.
    void (this.writing ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => (this.writing ? this.sink.discard() : undefined))
      .catch(() => undefined)
      .then(() => this.reject(error));
  };

  readonly field = (name: string, value: string, info: busboy.FieldInfo): void => {
    if (info.valueTruncated) this.fail(fieldError(name, 'Field value too long'));
    else this.fields[name] = value;
  };

  readonly file = (name: string, data: Readable, info: busboy.FileInfo): void => {
    if (name !== (this.options.fileField ?? 'file') || this.settled || this.writing) {
      data.resume();
      return;
    }
    const file = { mimeType: info.mimeType, filename: info.filename || undefined };
    let limit: FileLimit;
    try {
      limit = limitOf(this.options, this.options.onFile?.(file, this.fields));
    } catch (error) {
      data.resume();
      this.fail(error);
      return;
    }
    this.active = data;
    // Its errors reach the sink (or come from `fail`); none may go unheard before the sink listens.
    data.on('error', () => undefined);
    data.on('limit', () => this.fail(limit.tooLarge(limit.maxBytes)));
    this.writing = this.sink.write(data, file, limit).then((stored) => ({ stored, file }));
    this.writing.catch(this.fail);
  };

  /** busboy drops file parts past `files: 1` silently: a second one is a mistake to name. */
  readonly filesLimit = (): void =>
    this.fail(fieldError(this.options.fileField ?? 'file', 'Send one file per upload'));

  readonly close = (): void => {
    if (this.settled) return;
    if (!this.writing) {
      const name = this.options.fileField ?? 'file';
      return this.fail(
        invalid('VALIDATION_FAILED', `Send the file in a multipart field named "${name}"`, [
          { path: name, message: 'Required' },
        ]),
      );
    }
    this.writing.then(({ stored, file }) => {
      if (this.settled) return;
      this.settled = true;
      this.resolve({ stored, file, fields: this.fields });
    }, this.fail);
  };
}

/**
 * Streams the file part of a multipart body into `sink`; the text fields are collected. Resolves
 * once the body ended and the part is stored; on any failure (refused type or size, malformed
 * body, client gone) the sink discards the part, the rest of the body is drained unread, and the
 * promise rejects.
 */
export function receiveMultipart<T>(
  headers: IncomingHttpHeaders,
  body: Readable,
  sink: FileSink<T>,
  options: MultipartOptions,
): Promise<ReceivedPart<T>> {
  return new Promise<ReceivedPart<T>>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        // One byte more than allowed: busboy truncates silently at its limit; the sink decides.
        limits: {
          files: 1,
          fileSize: options.maxBytes + 1,
          fields: 10,
          fieldSize: options.fieldSize ?? 8 * 1024,
          parts: 12,
        },
      });
    } catch {
      reject(notMultipart());
      return;
    }
    const reception = new Reception(body, parser, sink, options, resolve, reject);
    parser.on('field', reception.field);
    parser.on('file', reception.file);
    parser.on('filesLimit', reception.filesLimit);
    parser.on('error', (error: unknown) =>
      reception.fail(fieldError('file', `Unreadable multipart body: ${(error as Error).message}`)),
    );
    parser.on('close', reception.close);
    body.on('error', reception.fail);
    // A client that goes away mid-file fails the upload, so the partial part is dropped.
    body.on('close', () => {
      if ((body as { complete?: boolean }).complete === false)
        reception.fail(fieldError('file', 'The upload was interrupted'));
    });
    body.pipe(parser);
  });
}

/** Counts the bytes as they pass and fails the stream past the limit. */
function meter(limit: FileLimit) {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit.maxBytes ? limit.tooLarge(limit.maxBytes) : null, chunk);
    },
  });
  return { stream, size: () => size };
}

/**
 * A look at the first bytes of a file before it is kept: the declared type is only the client's
 * word, the content's signature (magic number) is the file's. `check` throws to refuse the file.
 */
export interface StartCheck {
  /** How many first bytes `check` needs (fewer when the file is shorter; never called for an empty one). */
  bytes: number;
  check: (head: Buffer, file: MultipartFileInfo) => void;
}

/** Holds the first `bytes` of the stream (at most one chunk's worth more) until `check` passed them. */
function startChecker(start: StartCheck, file: MultipartFileInfo): Transform {
  let held: Buffer[] | null = [];
  let size = 0;
  const release = (stream: Transform): Error | null => {
    const head = Buffer.concat(held ?? []);
    held = null;
    if (head.length === 0) return null;
    try {
      start.check(head.subarray(0, start.bytes), file);
    } catch (error) {
      return error as Error;
    }
    stream.push(head);
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!held) return done(null, chunk);
      held.push(chunk);
      size += chunk.length;
      done(size >= start.bytes ? release(this) : null);
    },
    flush(done) {
      done(held ? release(this) : null);
    },
  });
}

/** A file part received to disk, with the form's text fields. */
export interface ReceivedFile {
  path: string;
  size: number;
  mimeType: string;
  filename: string | undefined;
  fields: Record<string, string>;
}

/**
 * Streams the file part of a multipart body to a new file in `dir` (created if missing). The
 * caller owns the file afterwards: it moves it where it belongs or removes it. With `checkStart`,
 * the first bytes are checked before anything is written; a refusal keeps nothing.
 */
export async function receiveFile(
  headers: IncomingHttpHeaders,
  body: Readable,
  options: MultipartOptions & { dir: string; checkStart?: StartCheck },
): Promise<ReceivedFile> {
  const target = path.join(options.dir, `${randomUUID()}.part`);
  const sink: FileSink<number> = {
    write: async (data, file, limit) => {
      await fs.promises.mkdir(options.dir, { recursive: true });
      const counted = meter(limit);
      const stages: Transform[] = options.checkStart ? [startChecker(options.checkStart, file)] : [];
      await pipeline([data, ...stages, counted.stream, fs.createWriteStream(target)]);
      return counted.size();
    },
    discard: () => fs.promises.rm(target, { force: true }),
  };
  const { stored, file, fields } = await receiveMultipart(headers, body, sink, options);
  return { path: target, size: stored, ...file, fields };
}
