import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { invalid, newId, notFound, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { MessageRow } from '../../db/repositories/messages.repository';
import type { CloudApiClient } from '@inbox/whatsapp';
import type { InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { checkSendable, deliverOutbound, storeOutbound } from '../messages/outbound';
import { withRetries } from '../messages/platform-call';
import { receiveUpload, type ReceivedUpload } from './receive-upload';

/** Platform limits of a media message's texts (reference §2). */
const CAPTION_MAX = 1024;
const FILENAME_MAX = 240;

/** The conversation list's line for a media message, as for inbound media. */
const MEDIA_LABELS: Record<string, string> = {
  image: '📷 Photo',
  video: '🎥 Video',
  audio: '🎵 Audio',
  document: '📄 Document',
  sticker: '💟 Sticker',
};
const mediaPreview = (kind: string, text: string | undefined) =>
  text ? `${MEDIA_LABELS[kind].split(' ')[0]} ${text}` : MEDIA_LABELS[kind];

export const messageBlobKey = (orgId: number, messageId: string) => `org/${orgId}/messages/${messageId}`;

const fieldError = (path: string, message: string) =>
  invalid('VALIDATION_FAILED', message, [{ path, message }]);

function describe(upload: ReceivedUpload) {
  if (upload.blob.size === 0) throw fieldError('file', 'The file is empty');
  const caption = upload.fields.caption || undefined;
  if (caption && (upload.kind === 'audio' || upload.kind === 'sticker'))
    throw fieldError('caption', `A WhatsApp ${upload.kind} takes no caption`);
  if (caption && caption.length > CAPTION_MAX)
    throw fieldError('caption', `At most ${CAPTION_MAX} characters`);
  const filename = upload.filename || undefined;
  if (filename && filename.length > FILENAME_MAX)
    throw fieldError('file', `The file name may be at most ${FILENAME_MAX} characters`);
  return { caption, filename };
}

/** Streams a stored file to WhatsApp, reopening it on each attempt (a stream is read only once). */
async function uploadBlob(
  deps: InboxDeps,
  client: CloudApiClient,
  file: { key: string; size: number; mimeType: string; filename: string },
): Promise<{ id: string }> {
  return deps.transfers.run(async () => {
    const stream = await deps.blobs.get(file.key);
    if (!stream) throw new Error(`Blob ${file.key} is missing`);
    try {
      return await client.uploadMedia({
        stream,
        size: file.size,
        mimeType: file.mimeType,
        filename: file.filename,
      });
    } finally {
      stream.destroy();
    }
  });
}

/**
 * Sends an agent's file: refused (409) before a byte is read when the conversation cannot take it,
 * streamed into the blob store within the kind's limit, stored as a message, uploaded to WhatsApp
 * and sent. Nothing is stored when the file is refused.
 */
export async function sendMediaMessage(
  deps: InboxDeps,
  caller: CallerContext,
  conversationId: string,
  request: { headers: IncomingHttpHeaders; body: Readable },
): Promise<MessageRow> {
  requireOrganization(caller);
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, conversationId);
  if (!conversation) throw notFound('Conversation');
  checkSendable(conversation, deps.now());
  const client = await deps.channels.clientFor(caller.orgId);

  const id = newId();
  const key = messageBlobKey(caller.orgId, id);
  const upload = await deps.transfers.run(() =>
    receiveUpload(deps.blobs, key, request.headers, request.body),
  );
  const { kind, mimeType } = upload;
  let stored;
  let media;
  try {
    media = describe(upload);
    stored = await storeOutbound(
      deps,
      caller,
      conversation.id,
      {
        id,
        type: kind,
        // Like an inbound caption, so searching message texts finds it.
        text: media.caption ?? null,
        mediaMimeType: mimeType,
        mediaSize: upload.blob.size,
        mediaFilename: media.filename ?? null,
        mediaCaption: media.caption ?? null,
        mediaSha256: upload.blob.sha256,
        mediaStatus: 'READY',
        mediaBlobKey: key,
      },
      mediaPreview(kind, media.caption ?? media.filename),
    );
  } catch (error) {
    await deps.blobs.delete(key).catch(() => undefined);
    throw error;
  }
  const { caption, filename } = media;
  return deliverOutbound(deps, caller, stored, async (options) => {
    const file = { key, size: upload.blob.size, mimeType, filename: filename ?? kind };
    // A second upload only leaves an unused media id behind: safe to repeat, unlike the send.
    const uploaded = await withRetries(() => uploadBlob(deps, client, file), { safeToRepeat: true });
    const ref = {
      id: uploaded.id,
      caption,
      filename: kind === 'document' ? (filename ?? 'document') : undefined,
    };
    return withRetries(() => client.sendMedia(conversation.waId, kind, ref, options));
  });
}
