import { INBOX_EVENTS, type InboxEventData } from '@inbox/contracts';
import { transactThenPublish, type StoredBlob } from '@inbox/platform';
import { CloudApiError } from '@inbox/whatsapp';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import {
  messagesRepository,
  type MessageRow,
  type MessagePatch,
} from '../../db/repositories/messages.repository';
import { isAllowedMediaUrl } from '../../channel/allowed-hosts';
import type { InboxDeps } from '../../deps';
import { systemOrigin } from '../../events';
import { messageBlobKey } from './send-media-message';

export type DownloadRequest = InboxEventData<typeof INBOX_EVENTS.mediaDownloadRequested>;

export interface DownloadAttempt {
  orgId: number;
  requestId: string;
  /** The last delivery the bus makes: a failure now is final and is stored instead of thrown. */
  lastAttempt: boolean;
}

/** The platform shows sha256 as hex or as base64 (reference §1.5); ours is hex. */
export function sameSha256(platform: string, hex: string): boolean {
  const given = platform.trim();
  if (/^[0-9a-f]{64}$/i.test(given)) return given.toLowerCase() === hex;
  return Buffer.from(given, 'base64').toString('hex') === hex;
}

/** Before the blob becomes visible: a mismatch leaves no file behind and fails the attempt. */
function checkSha256(platform: string, blob: StoredBlob): void {
  if (platform && !sameSha256(platform, blob.sha256))
    throw new Error(`sha256 mismatch: WhatsApp says ${platform}, the bytes hash to ${blob.sha256}`);
}

const reasonOf = (error: unknown) =>
  error instanceof CloudApiError
    ? `(#${error.code}) ${error.title}`
    : error instanceof Error
      ? error.message
      : String(error);

async function recordOutcome(
  deps: InboxDeps,
  attempt: DownloadAttempt,
  message: MessageRow,
  patch: MessagePatch,
) {
  const written = await transactThenPublish(deps, async (tx) => {
    const row = await messagesRepository.updateMediaUnlessReady(tx, message.orgId, message.id, patch);
    if (!row) return false;
    const conversation = await conversationsRepository.find(tx, message.orgId, message.conversationId);
    await deps.events.record(
      tx,
      systemOrigin(message.orgId, attempt.requestId),
      INBOX_EVENTS.messageUpdated,
      {
        conversationId: message.conversationId,
        waId: conversation?.waId ?? '',
        messageId: message.id,
        changes: ['media'],
        actorId: null,
      },
    );
    return true;
  });
  return written;
}

/**
 * Fetches an inbound message's media from WhatsApp into the blob store and marks it READY.
 * Failures throw so the bus retries with backoff; the last attempt marks the media FAILED instead.
 */
export async function downloadMessageMedia(
  deps: InboxDeps,
  request: DownloadRequest,
  attempt: DownloadAttempt,
): Promise<void> {
  const message = await messagesRepository.findAnyOrg(deps.db, request.messageId);
  // The event names the message's organization; anything else is not this message's job.
  if (!message || message.orgId !== attempt.orgId) {
    deps.logger.warn(
      { messageId: request.messageId, orgId: attempt.orgId },
      'media download for an unknown message: dropped',
    );
    return;
  }
  if (message.mediaStatus === 'READY') return;
  const key = messageBlobKey(message.orgId, message.id);
  try {
    const client = await deps.channels.clientFor(message.orgId);
    const info = await client.getMedia(message.providerMediaId ?? request.providerMediaId);
    const channel = await deps.channels.find(message.orgId);
    // Only Meta's media hosts (or the channel's own allowed origin): never an address the answer chose.
    if (!channel || !isAllowedMediaUrl(info.url, channel.apiBaseUrl))
      throw new Error(`media URL refused: ${new URL(info.url).host} is not a WhatsApp media host`);
    // Streamed from WhatsApp to the blob store (capped at 100 MB by the client), hashed on the way.
    const { blob, contentType } = await deps.transfers.run(async () => {
      const file = await client.downloadMedia(info.url);
      const stored = await deps.blobs.put(key, file.stream, { verify: (b) => checkSha256(info.sha256, b) });
      return { blob: stored, contentType: file.contentType };
    });
    const mimeType = info.mimeType || message.mediaMimeType || contentType;
    await recordOutcome(deps, attempt, message, {
      mediaStatus: 'READY',
      mediaError: null,
      mediaSize: blob.size,
      mediaSha256: blob.sha256,
      mediaMimeType: mimeType,
      mediaBlobKey: key,
      updatedAt: deps.now(),
    });
  } catch (error) {
    if (!attempt.lastAttempt) throw error;
    const reason = reasonOf(error).slice(0, 500);
    deps.logger.warn({ messageId: message.id, reason }, 'media download failed for good');
    await recordOutcome(deps, attempt, message, {
      mediaStatus: 'FAILED',
      mediaError: reason,
      updatedAt: deps.now(),
    });
  }
}
