import busboy from 'busboy';
import type { Request } from 'express';

export interface UploadedForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; mimeType: string; filename: string; truncated: boolean };
}

/** Reads a multipart form with one file part (named `file`), holding the bytes in memory. */
export function readMultipart(req: Request, maxFileBytes: number): Promise<UploadedForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxFileBytes, fields: 20 } });
    } catch (error) {
      reject(error);
      return;
    }
    const form: UploadedForm = { fields: {} };
    const reading: Promise<void>[] = [];
    parser.on('field', (name, value) => (form.fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      reading.push(
        new Promise((done, fail) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', fail);
          stream.on('close', () => {
            const bytes = Buffer.concat(chunks);
            form.file = {
              bytes,
              mimeType: info.mimeType,
              filename: info.filename ?? '',
              truncated: stream.truncated === true,
            };
            done();
          });
        }),
      );
    });
    parser.on('error', reject);
    parser.on('close', () => Promise.all(reading).then(() => resolve(form), reject));
    req.pipe(parser);
  });
}
