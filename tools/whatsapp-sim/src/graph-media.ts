import express, { type Request, type Response } from 'express';
import { requirePhoneNumber, requireToken } from './graph-auth';
import { GraphError, invalidParameter, unknownObject } from './graph-errors';
import { ALL_MIME_TYPES, issueMediaUrl, limitFor, storeMedia } from './media-store';
import { readMultipart } from './multipart';
import type { SimContext } from './context';

const MAX_UPLOAD_BYTES = 100 << 20;

/** Media upload, media URL lookup, download and delete, plus the phone number object. */
export function mediaRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  const auth = requireToken(ctx);

  router.post(
    '/:version/:phoneNumberId/media',
    auth,
    requirePhoneNumber(ctx),
    async (req: Request, res: Response) => {
      const form = await readMultipart(req, MAX_UPLOAD_BYTES + 1).catch(() => {
        throw invalidParameter('The parameter file is required.', 'Send the media as multipart/form-data.');
      });
      if (form.fields.messaging_product !== 'whatsapp') {
        throw invalidParameter('The parameter messaging_product is required.');
      }
      const file = form.file;
      if (!file || file.bytes.length === 0) throw invalidParameter('The parameter file is required.');
      const limit = limitFor(file.mimeType);
      if (!limit) {
        throw invalidParameter(
          `Param file must be a file with one of the following types: ${ALL_MIME_TYPES.join(', ')}. ` +
            `Received file of type '${file.mimeType}'.`,
        );
      }
      if (file.truncated || file.bytes.length > limit.maxBytes) {
        throw invalidParameter(`Param file must be at most ${limit.maxBytes} bytes for ${limit.type} media.`);
      }
      const record = storeMedia(ctx.state, {
        bytes: file.bytes,
        mimeType: file.mimeType,
        filename: file.filename,
        origin: 'upload',
      });
      res.json({ id: record.id });
    },
  );

  router.get('/media-download/:mediaId', auth, (req: Request, res: Response) => {
    const grant = ctx.state.mediaTokens.get(String(req.query.token ?? ''));
    const media = ctx.state.media.get(String(req.params.mediaId));
    if (!grant || !media || grant.mediaId !== media.id || grant.expiresAt < Date.now()) {
      throw new GraphError({
        code: 100,
        httpStatus: 404,
        message: 'The media URL is invalid or has expired.',
      });
    }
    res
      .set('content-type', media.mimeType)
      .set('content-length', String(media.bytes.length))
      .end(media.bytes);
  });

  router.get('/:version/:objectId', auth, (req: Request, res: Response) => {
    const id = String(req.params.objectId);
    if (id === ctx.channel.phoneNumberId) {
      res.json({
        id,
        display_phone_number: ctx.channel.displayPhoneNumber,
        verified_name: 'Inbox Simulator',
        quality_rating: 'GREEN',
      });
      return;
    }
    const media = findMedia(ctx, req, id, 'get');
    res.json({
      messaging_product: 'whatsapp',
      url: issueMediaUrl(ctx, media.id),
      mime_type: media.mimeType,
      sha256: media.sha256,
      file_size: String(media.bytes.length),
      id: media.id,
    });
  });

  router.delete('/:version/:mediaId', auth, (req: Request, res: Response) => {
    const media = findMedia(ctx, req, String(req.params.mediaId), 'delete');
    ctx.state.media.delete(media.id);
    res.json({ success: true });
  });

  return router;
}

function findMedia(ctx: SimContext, req: Request, id: string, verb: 'get' | 'delete') {
  const media = ctx.state.media.get(id);
  const phone = req.query.phone_number_id;
  if (!media || (phone !== undefined && phone !== ctx.channel.phoneNumberId))
    throw unknownObject(id, verb, 404);
  return media;
}
