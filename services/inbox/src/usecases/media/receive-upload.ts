import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { receiveMultipart, type BlobStore, type StoredBlob } from '@inbox/platform';
import { MAX_MEDIA_DOWNLOAD_BYTES, MEDIA_LIMITS, mediaKindFor, type MediaKind } from '@inbox/whatsapp';
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

function kindOf(mimeType: string): MediaKind {
  const kind = mediaKindFor(mimeType);
  if (!kind)
    throw new MediaRejected(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `WhatsApp does not accept ${mimeType || 'files without a MIME type'}`,
    );
  return kind;
}

/**
 * Streams the multipart part `file` into the blob store under `key`, refusing an unsupported MIME
 * type (415) before storing a byte and a file over its kind's limit (413) as soon as it passes it.
 * On refusal the rest of the body is discarded unread and no blob is left behind.
 */
export async function receiveUpload(
  blobs: BlobStore,
  key: string,
  headers: IncomingHttpHeaders,
  body: Readable,
): Promise<ReceivedUpload> {
  const { stored, file, fields } = await receiveMultipart(
    headers,
    body,
    { write: (data, _file, limit) => blobs.put(key, data, limit), discard: () => blobs.delete(key) },
    {
      // Until the part says its MIME type, only the largest WhatsApp file size is known to be too much.
      maxBytes: MAX_MEDIA_DOWNLOAD_BYTES,
      tooLarge: (max) => tooLarge('file', max),
      onFile: ({ mimeType }) => {
        const kind = kindOf(mimeType);
        return { maxBytes: MEDIA_LIMITS[kind].maxBytes, tooLarge: (max) => tooLarge(kind, max) };
      },
    },
  );
  return {
    blob: stored,
    kind: kindOf(file.mimeType),
    mimeType: file.mimeType,
    filename: file.filename,
    fields,
  };
}

export { MediaRejected };
