import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { invalid } from '@inbox/platform';
import { MAX_MEDIA_DOWNLOAD_BYTES, MEDIA_LIMITS, mediaKindFor, type MediaKind } from '@inbox/whatsapp';
import type { BlobStore, StoredBlob } from '../../media/blob-store';
import { MediaRejected } from '../../media/media-rejected';

export interface ReceivedUpload {
  blob: StoredBlob;
  kind: MediaKind;
  mimeType: string;
  filename: string | undefined;
  fields: Record<string, string>;
}

const tooLarge = (kind: string, max: number) =>
  new MediaRejected(413, 'PAYLOAD_TOO_LARGE', `A WhatsApp ${kind} may be at most ${max} bytes`);
const fieldError = (path: string, message: string) =>
  invalid('VALIDATION_FAILED', message, [{ path, message }]);

/**
 * Streams the multipart part `file` into the blob store under `key`, refusing an unsupported MIME
 * type (415) before storing a byte and a file over its kind's limit (413) as soon as it passes it.
 * On refusal the rest of the body is discarded unread and no blob is left behind.
 */
export function receiveUpload(
  blobs: BlobStore,
  key: string,
  headers: IncomingHttpHeaders,
  body: Readable,
): Promise<ReceivedUpload> {
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        // Until the part says its MIME type, only the largest WhatsApp file size is known to be too much.
        // One byte more: busboy truncates on reaching its limit, which would refuse a file of exactly 100 MB.
        limits: {
          files: 1,
          fileSize: MAX_MEDIA_DOWNLOAD_BYTES + 1,
          fields: 10,
          fieldSize: 8 * 1024,
          parts: 12,
        },
      });
    } catch {
      reject(new MediaRejected(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data'));
      return;
    }
    const fields: Record<string, string> = {};
    let upload: Promise<Omit<ReceivedUpload, 'fields'>> | undefined;
    let settled = false;
    let active: Readable | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.resume();
      // The parser gets no more bytes: a file still being written would never end on its own.
      if (active && !active.readableEnded) active.destroy(new Error('Upload refused'));
      void blobs.delete(key).catch(() => undefined);
      reject(error);
    };

    parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (info.valueTruncated) fail(fieldError(name, 'Field value too long'));
      else fields[name] = value;
    });
    parser.on('file', (name: string, file: Readable & { truncated?: boolean }, info: busboy.FileInfo) => {
      const kind = mediaKindFor(info.mimeType);
      if (name !== 'file' || settled) {
        file.resume();
        return;
      }
      if (!kind) {
        file.resume();
        fail(
          new MediaRejected(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            `WhatsApp does not accept ${info.mimeType || 'files without a MIME type'}`,
          ),
        );
        return;
      }
      file.on('limit', () => fail(tooLarge(kind, MEDIA_LIMITS[kind].maxBytes)));
      active = file;
      // The blob store fails the write as soon as the file passes its kind's limit.
      const limit = { maxBytes: MEDIA_LIMITS[kind].maxBytes, tooLarge: (max: number) => tooLarge(kind, max) };
      upload = blobs.put(key, file, limit).then(
        (blob) => {
          // Refused while the last bytes were still being written: the blob must not stay.
          if (settled) void blobs.delete(key).catch(() => undefined);
          return { blob, kind, mimeType: info.mimeType, filename: info.filename };
        },
        (error: unknown) => {
          file.unpipe();
          file.resume();
          throw error;
        },
      );
      upload.catch(fail);
    });
    parser.on('error', (error: unknown) =>
      fail(fieldError('file', `Unreadable multipart body: ${(error as Error).message}`)),
    );
    parser.on('close', () => {
      if (settled) return;
      if (!upload) return fail(fieldError('file', 'A file part named "file" is required'));
      upload.then((received) => {
        if (settled) return;
        settled = true;
        resolve({ ...received, fields });
      }, fail);
    });
    body.on('error', fail);
    // A client that goes away mid-file fails the file stream, so the partial blob is dropped.
    body.on('close', () => {
      if ((body as { complete?: boolean }).complete === false)
        fail(fieldError('file', 'The upload was interrupted'));
    });
    body.pipe(parser);
  });
}

export { MediaRejected };
