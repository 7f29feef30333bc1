import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response } from 'express';
import { callerOf, sendInternalError } from '@inbox/platform';
import { MAX_MEDIA_DOWNLOAD_BYTES } from '@inbox/whatsapp';
import type { InboxDeps } from '../deps';
import { encodeMessage } from '../grpc/encode';
import { MediaRejected } from '../usecases/media/receive-upload';
import { sendMediaMessage } from '../usecases/media/send-media-message';
import { openMessageMedia } from '../usecases/media/serve-media';
import { mediaDownloadHeaders } from '../media/download-headers';

/** Room for the multipart boundaries, part headers and the caption around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

async function upload(deps: InboxDeps, req: Request, res: Response): Promise<void> {
  // Refused before a byte is read when the client says up front that the body cannot fit.
  if (Number(req.get('content-length') ?? 0) > MAX_MEDIA_DOWNLOAD_BYTES + MULTIPART_OVERHEAD) {
    res.set('Connection', 'close');
    throw new MediaRejected(
      413,
      'PAYLOAD_TOO_LARGE',
      `A WhatsApp file may be at most ${MAX_MEDIA_DOWNLOAD_BYTES} bytes`,
    );
  }
  const message = await sendMediaMessage(deps, callerOf(res), String(req.params.id), {
    headers: req.headers,
    body: req,
  });
  // The proto shape, as SendMessage answers over gRPC: the gateway owns the REST one.
  res.status(201).json(encodeMessage(message));
}

async function download(deps: InboxDeps, req: Request, res: Response): Promise<void> {
  const media = await openMessageMedia(deps, callerOf(res), String(req.params.id));
  res.set({
    'Content-Type': media.mimeType,
    ...(media.size === null ? {} : { 'Content-Length': String(media.size) }),
    ...(media.sha256 ? { ETag: `"${media.sha256}"` } : {}),
    // A message's media never changes once stored.
    'Cache-Control': 'private, max-age=86400, immutable',
    ...mediaDownloadHeaders(media.mimeType, media.filename),
  });
  if (media.sha256 && req.fresh) {
    media.stream.destroy();
    res.status(304).end();
    return;
  }
  await pipeline(media.stream, res);
}

/**
 * Under /internal (the gateway proxies to these with the signed caller):
 * POST /conversations/:id/messages/media (multipart `file`, optional `caption`) and GET /messages/:id/media.
 */
export function messageMediaRouter(deps: InboxDeps): express.Router {
  const router = express.Router();
  router.post('/conversations/:id/messages/media', (req, res) => {
    upload(deps, req, res).catch((error) => sendInternalError(error, res, deps.logger));
  });
  router.get('/messages/:id/media', (req, res) => {
    download(deps, req, res).catch((error) => sendInternalError(error, res, deps.logger));
  });
  return router;
}
