import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { newToken } from './ids';

export interface UploadedFile {
  /** Where the bytes were written; the caller keeps or deletes it. */
  path: string;
  size: number;
  sha256: string;
  mimeType: string;
  filename: string;
  /** More than `maxFileBytes(mimeType)` arrived: the file holds only the first part. */
  truncated: boolean;
}

export interface UploadedForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

/** Stops writing (and marks the file truncated) past the limit, but keeps reading the request. */
function meter(maxBytes: number) {
  const hash = createHash('sha256');
  const counted = { size: 0, truncated: false, sha256: () => hash.digest('hex') };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) counted.truncated = true;
      if (counted.truncated) return done();
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, counted };
}

/**
 * Reads a multipart form with one file part (named `file`), streaming the file into `folder`
 * with its sha256 computed on the way: a 100 MB upload never sits in the simulator's memory.
 */
export function readMultipart(
  req: Request,
  folder: string,
  maxFileBytes: (mimeType: string) => number,
): Promise<UploadedForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20 } });
    } catch (error) {
      reject(error);
      return;
    }
    const form: UploadedForm = { fields: {} };
    const writing: Promise<void>[] = [];
    parser.on('field', (name, value) => (form.fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const target = path.join(folder, `upload-${newToken()}`);
      const { stream: measure, counted } = meter(maxFileBytes(info.mimeType));
      writing.push(
        pipeline(stream, measure, fs.createWriteStream(target)).then(() => {
          const { size, truncated } = counted;
          const { mimeType, filename } = info;
          form.file = {
            path: target,
            size,
            sha256: counted.sha256(),
            mimeType,
            filename: filename ?? '',
            truncated,
          };
        }),
      );
    });
    parser.on('error', reject);
    parser.on('close', () => Promise.all(writing).then(() => resolve(form), reject));
    req.pipe(parser);
  });
}
