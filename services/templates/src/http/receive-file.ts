import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { HttpProblem, invalid } from '@inbox/platform';
import type { ReceivedFile } from '../usecases/media/upload-header-media';

/*
 * The multipart path of the inbox (streamed part, size cut off as it passes, nothing left behind on
 * refusal), writing to a file: "shared" is moving one such helper into packages/platform/src/http;
 * this one has its shape ({ path, size, mimeType, filename, fields }) so the switch is an import.
 */

export interface ReceiveFileOptions {
  /** Folder the part is written to (created if missing). */
  dir: string;
  /** The most any file may weigh; more fails the upload with `tooLarge` as soon as it passes. */
  maxBytes: number;
  tooLarge: (maxBytes: number) => Error;
  /**
   * When the file part starts, with the fields sent before it: throw to refuse it before a byte is
   * stored, or answer a lower limit for this file.
   */
  onFile?: (
    file: { mimeType: string; filename: string | undefined },
    fields: Record<string, string>,
  ) => number | void;
}

const fieldError = (field: string, message: string) =>
  invalid('VALIDATION_FAILED', message, [{ path: field, message }]);

/** Counts the bytes as they pass and fails the stream past `maxBytes`. */
function meter(maxBytes: number, tooLarge: (max: number) => Error) {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  return { stream, size: () => size };
}

type Written = { size: number; mimeType: string; filename: string | undefined };

/** One upload in progress: the parser's events, the file being written, and the one outcome. */
class Reception {
  readonly fields: Record<string, string> = {};
  readonly target: string;
  private writing?: Promise<Written>;
  private active?: Readable;
  private settled = false;

  constructor(
    private readonly body: Readable,
    private readonly parser: busboy.Busboy,
    private readonly options: ReceiveFileOptions,
    private readonly resolve: (file: ReceivedFile) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.target = path.join(options.dir, `${randomUUID()}.part`);
  }

  readonly fail = (error: unknown): void => {
    if (this.settled) return;
    this.settled = true;
    this.body.unpipe(this.parser);
    this.body.resume();
    // The pipeline writing it fails too (and reports to `writing`, already settled).
    if (this.active && !this.active.readableEnded) this.active.destroy();
    // Answered once the partial file is gone: after the write stream let go of it.
    void (this.writing ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => fs.promises.rm(this.target, { force: true }))
      .catch(() => undefined)
      .then(() => this.reject(error));
  };

  readonly field = (name: string, value: string, info: busboy.FieldInfo): void => {
    if (info.valueTruncated) this.fail(fieldError(name, 'Field value too long'));
    else this.fields[name] = value;
  };

  readonly file = (name: string, file: Readable, info: busboy.FileInfo): void => {
    if (name !== 'file' || this.settled || this.writing) {
      file.resume();
      return;
    }
    let limit = this.options.maxBytes;
    try {
      const asked = this.options.onFile?.({ mimeType: info.mimeType, filename: info.filename }, this.fields);
      limit = Math.min(limit, asked ?? limit);
    } catch (error) {
      file.resume();
      this.fail(error);
      return;
    }
    this.active = file;
    const counted = meter(limit, this.options.tooLarge);
    this.writing = fs.promises
      .mkdir(this.options.dir, { recursive: true })
      .then(() => pipeline(file, counted.stream, fs.createWriteStream(this.target)))
      .then(() => ({ size: counted.size(), mimeType: info.mimeType, filename: info.filename || undefined }));
    this.writing.catch(this.fail);
  };

  readonly close = (): void => {
    if (this.settled) return;
    if (!this.writing) return this.fail(fieldError('file', 'A file part named "file" is required'));
    this.writing.then((file) => {
      if (this.settled) return;
      this.settled = true;
      this.resolve({ path: this.target, ...file, fields: this.fields });
    }, this.fail);
  };
}

/**
 * Streams the part named `file` of a multipart body to disk; other fields are collected. Resolves
 * once the body ended and the file is complete; on any failure (refused type or size, malformed
 * body, client gone) the partial file is removed, the rest of the body is drained unread, and the
 * promise rejects.
 */
export function receiveFile(
  headers: IncomingHttpHeaders,
  body: Readable,
  options: ReceiveFileOptions,
): Promise<ReceivedFile> {
  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        // One byte more than allowed: busboy truncates silently at its limit; the meter decides.
        limits: { files: 1, fileSize: options.maxBytes + 1, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      const detail = 'Send the file as multipart/form-data';
      reject(new HttpProblem({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail }));
      return;
    }
    const reception = new Reception(body, parser, options, resolve, reject);
    parser.on('field', reception.field);
    parser.on('file', reception.file);
    parser.on('error', (error: unknown) =>
      reception.fail(fieldError('file', `Unreadable multipart body: ${(error as Error).message}`)),
    );
    parser.on('close', reception.close);
    body.on('error', reception.fail);
    // A client that goes away mid-file fails the upload, so the partial file is dropped.
    body.on('close', () => {
      if ((body as { complete?: boolean }).complete === false)
        reception.fail(fieldError('file', 'The upload was interrupted'));
    });
    body.pipe(parser);
  });
}
