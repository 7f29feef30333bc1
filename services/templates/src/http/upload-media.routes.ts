import express, { type Request, type Response } from 'express';
import {
  callerOf,
  receiveFile,
  requireOrganization,
  sendInternalError,
  TransferSlots,
} from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import { incomingDir } from '../usecases/media/header-media-files';
import {
  HEADER_FILE_START,
  headerFileLimit,
  headerFileTooLarge,
  MAX_HEADER_MEDIA_BYTES,
  uploadHeaderMedia,
  type UploadedHeaderMedia,
} from '../usecases/media/upload-header-media';

/**
 * The answer in the service's own shape (snake_case, as its proto messages are written): the
 * gateway owns the REST shape and converts it.
 */
export const encodeUploadedHeaderMedia = (uploaded: UploadedHeaderMedia) => ({
  handle: uploaded.handle,
  header_type: uploaded.headerType,
  mime_type: uploaded.mimeType,
  size: uploaded.size,
  filename: uploaded.filename,
});

/** Room for the multipart boundaries, part headers and the `headerType` field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Uploads one process handles at once (each streams to disk, then from disk to WhatsApp, with a
 * few buffers in flight); more wait up to 30 s, then get 503 TRANSFERS_BUSY.
 */
export const UPLOAD_SLOTS = { slots: 4, maxWaiting: 32, waitTimeoutMs: 30_000 };

async function upload(deps: TemplatesDeps, slots: TransferSlots, req: Request, res: Response): Promise<void> {
  // Refused before anything is read or stored: the caller, and a body announced too large for any sample.
  requireOrganization(callerOf(res));
  if (Number(req.get('content-length') ?? 0) > MAX_HEADER_MEDIA_BYTES + MULTIPART_OVERHEAD) {
    res.set('Connection', 'close');
    throw headerFileTooLarge(MAX_HEADER_MEDIA_BYTES);
  }
  const uploaded = await slots.run(async () => {
    const file = await receiveFile(req.headers, req, {
      dir: incomingDir(deps.settings.mediaDir),
      maxBytes: MAX_HEADER_MEDIA_BYTES,
      tooLarge: headerFileTooLarge,
      // headerType is one short word: a longer field is refused, not buffered.
      fieldSize: 1024,
      onFile: ({ mimeType }, fields) => headerFileLimit(mimeType, fields),
      checkStart: HEADER_FILE_START,
    });
    return uploadHeaderMedia(deps, callerOf(res), file);
  });
  res.status(201).json(encodeUploadedHeaderMedia(uploaded));
}

/** `POST /internal/templates/upload-media` (multipart `file` and `headerType`): a header sample's handle. */
export function uploadMediaRouter(deps: TemplatesDeps): express.Router {
  const router = express.Router();
  const slots = new TransferSlots(UPLOAD_SLOTS);
  router.post('/templates/upload-media', (req, res) => {
    upload(deps, slots, req, res).catch((error) => {
      // Refused before the body was read (no slot, no organization): drop it so the answer gets through.
      if (!req.readableEnded) req.resume();
      sendInternalError(error, res, deps.logger);
    });
  });
  return router;
}
