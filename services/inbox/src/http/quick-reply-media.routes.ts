import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import express, { type Request, type Response } from 'express';
import { callerOf, invalid, sendInternalError } from '@inbox/platform';
import type { QuickReplyRow } from '../db/repositories/quick-replies.repository';
import type { InboxDeps } from '../deps';
import { encodeQuickReply } from '../grpc/quick-replies.handlers';
import { attachQuickReplyMedia } from '../usecases/quick-replies/attach-quick-reply-media';
import { openQuickReplyMedia } from '../usecases/quick-replies/open-quick-reply-media';
import {
  MAX_QUICK_REPLY_MEDIA_BYTES,
  MediaRejected,
  tooLarge,
} from '../usecases/quick-replies/quick-reply-media';
import { mediaDownloadHeaders } from '../media/download-headers';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Streams the `file` part of a multipart body into the use case; nothing is buffered in memory.
 * Settles when the use case does, or when the body ends without a `file` part.
 */
function receiveUpload(
  deps: InboxDeps,
  req: Request,
  res: Response,
  parser: busboy.Busboy,
): Promise<QuickReplyRow> {
  return new Promise((resolve, reject) => {
    let received = false;
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || received) {
        file.resume();
        return;
      }
      received = true;
      // Busboy truncates silently at its limit; make that a failure too, not a short file.
      file.on('limit', () => file.destroy(tooLarge(MAX_QUICK_REPLY_MEDIA_BYTES)));
      attachQuickReplyMedia(deps, callerOf(res), String(req.params.id), {
        filename: info.filename,
        mimeType: info.mimeType,
        stream: file,
      }).then(resolve, reject);
    });
    parser.on('close', () => {
      if (!received)
        reject(
          invalid('VALIDATION_FAILED', 'Send the file in a multipart field named "file"', [
            { path: 'file', message: 'Required' },
          ]),
        );
    });
    parser.on('error', () =>
      reject(invalid('VALIDATION_FAILED', 'The multipart body is malformed or incomplete')),
    );
    // A client that goes away mid-file fails the file stream, so the partial blob is dropped.
    req.on('close', () => {
      if (!req.complete) parser.destroy(new Error('The client closed the connection during the upload'));
    });
    req.pipe(parser);
  });
}

async function uploadMedia(deps: InboxDeps, req: Request, res: Response): Promise<void> {
  // Refused before a byte is read when the client says up front that the body cannot fit.
  if (Number(req.get('content-length') ?? 0) > MAX_QUICK_REPLY_MEDIA_BYTES + MULTIPART_OVERHEAD) {
    res.set('Connection', 'close');
    throw tooLarge(MAX_QUICK_REPLY_MEDIA_BYTES);
  }
  let parser: busboy.Busboy;
  try {
    // One more byte than any kind allows, so the per-kind limit, not busboy's truncation, decides.
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: MAX_QUICK_REPLY_MEDIA_BYTES + 1, fields: 10, fieldSize: 1024, parts: 20 },
    });
  } catch {
    throw new MediaRejected(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  try {
    // The proto shape, as CreateQuickReply answers over gRPC: the gateway owns the REST one.
    res.json(encodeQuickReply(await receiveUpload(deps, req, res, parser)));
  } catch (error) {
    // Read and drop the rest of the body so the answer reaches a client that is still sending.
    req.unpipe(parser);
    req.resume();
    throw error;
  }
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
