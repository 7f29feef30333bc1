import type { Readable } from 'node:stream';
import { conflict, notFound, type CallerContext } from '@inbox/platform';
import { messagesRepository } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { requireOrganization } from '../access';

export interface MediaFile {
  stream: Readable;
  mimeType: string;
  size: number | null;
  filename: string;
  sha256: string | null;
}

/** The stored bytes of a message's media, for streaming to an agent. */
export async function openMessageMedia(
  deps: InboxDeps,
  caller: CallerContext,
  messageId: string,
): Promise<MediaFile> {
  requireOrganization(caller);
  const message = await messagesRepository.find(deps.db, caller.orgId, messageId);
  if (!message || !message.mediaStatus) throw notFound('Media');
  if (message.mediaStatus !== 'READY') {
    const why =
      message.mediaStatus === 'FAILED' ? 'failed to download; retry it' : 'is still being downloaded';
    throw conflict('MEDIA_NOT_READY', `The media of this message ${why}`);
  }
  const stream = message.mediaBlobKey ? await deps.blobs.get(message.mediaBlobKey) : undefined;
  if (!stream) throw notFound('Media');
  return {
    stream,
    mimeType: message.mediaMimeType ?? 'application/octet-stream',
    size: message.mediaSize,
    filename: message.mediaFilename ?? `${message.type}-${message.id}`,
    sha256: message.mediaSha256,
  };
}
