import express, { type Request, type Response } from 'express';
import { callerOf, requireOrganization, sendInternalError } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import { incomingDir } from '../usecases/media/header-media-files';
import {
  headerFileLimit,
  headerFileTooLarge,
  MAX_HEADER_MEDIA_BYTES,
  uploadHeaderMedia,
} from '../usecases/media/upload-header-media';
import { receiveFile } from './receive-file';

/** Room for the multipart boundaries, part headers and the `headerType` field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

async function upload(deps: TemplatesDeps, req: Request, res: Response): Promise<void> {
  // Refused before anything is read or stored: the caller, and a body announced too large for any sample.
  requireOrganization(callerOf(res));
  if (Number(req.get('content-length') ?? 0) > MAX_HEADER_MEDIA_BYTES + MULTIPART_OVERHEAD) {
    res.set('Connection', 'close');
    throw headerFileTooLarge(MAX_HEADER_MEDIA_BYTES);
  }
  const file = await receiveFile(req.headers, req, {
    dir: incomingDir(deps.settings.mediaDir),
    maxBytes: MAX_HEADER_MEDIA_BYTES,
    tooLarge: headerFileTooLarge,
    onFile: ({ mimeType }, fields) => headerFileLimit(mimeType, fields),
  });
  res.status(201).json(await uploadHeaderMedia(deps, callerOf(res), file));
}

/** `POST /internal/templates/upload-media` (multipart `file` and `headerType`): a header sample's handle. */
export function uploadMediaRouter(deps: TemplatesDeps): express.Router {
  const router = express.Router();
  router.post('/templates/upload-media', (req, res) => {
    upload(deps, req, res).catch((error) => sendInternalError(error, res, deps.logger));
  });
  return router;
}
