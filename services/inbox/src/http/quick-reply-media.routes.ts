import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response } from 'express';
import { callerOf, receiveMultipart, sendInternalError, type FileSink } from '@inbox/platform';
import type { QuickReplyRow } from '../db/repositories/quick-replies.repository';
import type { InboxDeps } from '../deps';
import { encodeQuickReply } from '../grpc/quick-replies.handlers';
import { attachQuickReplyMedia } from '../usecases/quick-replies/attach-quick-reply-media';
import { openQuickReplyMedia } from '../usecases/quick-replies/open-quick-reply-media';
import { MAX_QUICK_REPLY_MEDIA_BYTES, tooLarge } from '../usecases/quick-replies/quick-reply-media';
import { mediaDownloadHeaders } from '../media/download-headers';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

async function uploadMedia(deps: InboxDeps, req: Request, res: Response): Promise<void> {
  // Refused before a byte is read when the client says up front that the body cannot fit.
  if (Number(req.get('content-length') ?? 0) > MAX_QUICK_REPLY_MEDIA_BYTES + MULTIPART_OVERHEAD) {
    res.set('Connection', 'close');
    throw tooLarge(MAX_QUICK_REPLY_MEDIA_BYTES);
  }
  // The use case streams the part into the blob store within its kind's limit and drops it on refusal.
  const sink: FileSink<QuickReplyRow> = {
    write: (stream, file) =>
      attachQuickReplyMedia(deps, callerOf(res), String(req.params.id), { ...file, stream }),
    discard: async () => undefined,
  };
  const { stored } = await receiveMultipart(req.headers, req, sink, {
    maxBytes: MAX_QUICK_REPLY_MEDIA_BYTES,
    tooLarge,
    fieldSize: 1024,
  });
  // The proto shape, as CreateQuickReply answers over gRPC: the gateway owns the REST one.
  res.json(encodeQuickReply(stored));
}

async function downloadMedia(deps: InboxDeps, req: Request, res: Response): Promise<void> {
  const media = await openQuickReplyMedia(deps, callerOf(res), String(req.params.id));
  res.set({
    'Content-Type': media.mimeType,
    'Content-Length': String(media.size),
    ETag: `"${media.sha256}"`,
    // The URL stays the same when the media is replaced: clients revalidate with the ETag.
    'Cache-Control': 'private, no-cache',
    ...mediaDownloadHeaders(media.mimeType, media.filename),
  });
  if (req.fresh) {
    media.stream.destroy();
    res.status(304).end();
    return;
  }
  await pipeline(media.stream, res);
}

/** Quick reply attachments: upload (Admin) and download (any user of the organization), under /internal. */
export function quickReplyMediaRouter(deps: InboxDeps): express.Router {
  const router = express.Router();
  router.post('/quick-replies/:id/media', (req, res) => {
    uploadMedia(deps, req, res).catch((error) => sendInternalError(error, res, deps.logger));
  });
  router.get('/quick-replies/:id/media', (req, res) => {
    downloadMedia(deps, req, res).catch((error) => sendInternalError(error, res, deps.logger));
  });
  return router;
}
