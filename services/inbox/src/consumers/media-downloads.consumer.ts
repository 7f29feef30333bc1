import { INBOX_EVENTS, inboxEventSchemas, QUEUES } from '@inbox/contracts';
import { REQUEST_ID_METADATA, type EventBus } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { downloadMessageMedia } from '../usecases/media/download-message-media';

/** Attempts per download: with 500 ms doubling, the last one comes about 7.5 s after the first. */
export const MEDIA_DOWNLOAD_ATTEMPTS = 5;

/**
 * Downloads of inbound media, requested by ingestion and by retry-media. Idempotent: a message
 * already READY is skipped; the last failed attempt marks the media FAILED instead of parking it.
 */
export async function subscribeMediaDownloads(deps: InboxDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(
    {
      queue: QUEUES.inboxMedia,
      bindings: [INBOX_EVENTS.mediaDownloadRequested],
      // Downloads stream (a few buffers each) and share the process's media transfer slots
      // (media/transfers.ts) with uploads; two at a time leaves slots for agents' files.
      prefetch: 2,
      maxAttempts: MEDIA_DOWNLOAD_ATTEMPTS,
      retryBaseMs: 500,
    },
    async (event, info) => {
      const data = inboxEventSchemas[INBOX_EVENTS.mediaDownloadRequested].parse(event.data);
      await downloadMessageMedia(deps, data, {
        orgId: event.orgId,
        requestId: info.headers[REQUEST_ID_METADATA] ?? event.id,
        lastAttempt: info.attempt >= MEDIA_DOWNLOAD_ATTEMPTS,
      });
    },
  );
}
