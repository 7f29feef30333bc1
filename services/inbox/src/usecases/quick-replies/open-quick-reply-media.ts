import type { Readable } from 'node:stream';
import { notFound } from '@inbox/platform';
import { quickRepliesRepository } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';

export interface OpenedMedia {
  mimeType: string;
  size: number;
  filename: string;
  sha256: string;
  stream: Readable;
}

/** Any signed-in user of the organization may fetch an attachment: agents send it with the reply. */
export async function openQuickReplyMedia(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<OpenedMedia> {
  requireOrganization(caller);
  const row = await quickRepliesRepository.find(deps.db, caller.orgId, id);
  if (!row?.mediaBlobKey) throw notFound('Quick reply media');
  const stream = await deps.blobs.get(row.mediaBlobKey);
  if (!stream) {
    deps.logger.warn({ quickReplyId: id, key: row.mediaBlobKey }, 'quick reply media blob is missing');
    throw notFound('Quick reply media');
  }
  return {
    mimeType: row.mediaMimeType ?? 'application/octet-stream',
    size: row.mediaSize ?? 0,
    filename: row.mediaFilename ?? 'file',
    sha256: row.mediaSha256 ?? '',
    stream,
  };
}
