import type { Readable } from 'node:stream';
import { invalid, newId, notFound } from '@inbox/platform';
import { baseMimeType, MEDIA_LIMITS } from '@inbox/whatsapp';
import { quickRepliesRepository, type QuickReplyRow } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { acceptedKind, cleanFilename, discardBlob, quickReplyBlobKey, tooLarge } from './quick-reply-media';

export interface MediaUpload {
  /** As the client named it; folders and control characters are dropped. */
  filename?: string;
  /** As the client declared it for the file part. */
  mimeType: string;
  /** The file's bytes, read once; left unread when the upload is refused before storing. */
  stream: Readable;
}

/**
 * Stores the file and makes it the quick reply's attachment, replacing (and deleting) any previous one.
 * Refusals (403, 404, 415) come before a byte is stored; a file over its kind's limit fails with 413
 * while streaming, and the blob store drops the partial file.
 */
export async function attachQuickReplyMedia(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  upload: MediaUpload,
): Promise<QuickReplyRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const kind = acceptedKind(upload.mimeType);
  if (!(await quickRepliesRepository.find(deps.db, caller.orgId, id))) throw notFound('Quick reply');

  const key = quickReplyBlobKey(caller.orgId, id, newId());
  // A slot of the process's media transfers for as long as the bytes arrive.
  const stored = await deps.transfers.run(() =>
    deps.blobs.put(key, upload.stream, { maxBytes: MEDIA_LIMITS[kind].maxBytes, tooLarge }),
  );
  if (stored.size === 0) {
    await discardBlob(deps, key);
    throw invalid('VALIDATION_FAILED', 'The file is empty', [{ path: 'file', message: 'The file is empty' }]);
  }

  const media = {
    blobKey: key,
    mimeType: baseMimeType(upload.mimeType),
    size: stored.size,
    filename: cleanFilename(upload.filename, kind),
    sha256: stored.sha256,
  };
  let result: { row: QuickReplyRow; previousKey: string | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      // Deleted while the bytes were arriving: the new blob is dropped below.
      const current = await quickRepliesRepository.lock(tx, caller.orgId, id);
      if (!current) throw notFound('Quick reply');
      const row = await quickRepliesRepository.setMedia(tx, caller.orgId, id, media, deps.now());
      return { row: row!, previousKey: current.mediaBlobKey };
    });
  } catch (error) {
    await discardBlob(deps, key);
    throw error;
  }
  if (result.previousKey) await discardBlob(deps, result.previousKey);
  return result.row;
}
