import { checkMedia, MEDIA_LIMITS, type MediaKind } from '@inbox/whatsapp';
import type { InboxDeps } from '../../deps';
import { MediaRejected } from '../../media/media-rejected';

export { MediaRejected };

/** What an agent can send with a quick reply: WhatsApp's media kinds minus stickers. */
export const QUICK_REPLY_MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio', 'document'];

/** The largest file any accepted kind allows: the hard cap of an upload, whatever its declared type. */
export const MAX_QUICK_REPLY_MEDIA_BYTES = Math.max(
  ...QUICK_REPLY_MEDIA_KINDS.map((kind) => MEDIA_LIMITS[kind].maxBytes),
);

export const tooLarge = (maxBytes: number) =>
  new MediaRejected(
    413,
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the ${maxBytes} bytes WhatsApp allows for its type`,
  );

/** The kind a declared MIME type is sent as, or a 415 naming what is accepted. */
export function acceptedKind(mimeType: string): MediaKind {
  const check = checkMedia(undefined, mimeType, 0);
  if (check.ok && QUICK_REPLY_MEDIA_KINDS.includes(check.kind)) return check.kind;
  const accepted = QUICK_REPLY_MEDIA_KINDS.flatMap((kind) => MEDIA_LIMITS[kind].mimeTypes).join(', ');
  throw new MediaRejected(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Quick replies take ${accepted}; got ${mimeType || 'no type'}`,
  );
}

/** A name safe to show and to send as a document's filename: no folders, no control characters. */
export function cleanFilename(raw: string | undefined, kind: MediaKind): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean || kind;
}

/** Each upload gets its own key, so the row always names a complete blob that matches its metadata. */
export const quickReplyBlobKey = (orgId: number, id: string, uploadId: string) =>
  `org/${orgId}/quick-replies/${id}/${uploadId}`;

/** Blob removal after a commit: a failure leaves an unreferenced file, which is logged rather than failing the request. */
export async function discardBlob(deps: InboxDeps, key: string): Promise<void> {
  try {
    await deps.blobs.delete(key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, 'could not delete a quick reply media blob');
  }
}
