import express, { type Request, type Response } from 'express';
import { requirePhoneNumber, requireToken } from './graph-auth';
import { GraphError, invalidParameter, unknownObject } from './graph-errors';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  ALL_MIME_TYPES,
  deleteMedia,
  issueMediaUrl,
  limitFor,
  openMedia,
  storeMediaFile,
} from './media-store';
import { readMultipart } from './multipart';
import type { SimContext } from './context';

/** Bytes kept of a file whose type has no limit: enough to see that it is not empty. */
const UNKNOWN_TYPE_BYTES = 1;

/** Media upload, media URL lookup, download and delete, plus the phone number object. */
export function mediaRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  const auth = requireToken(ctx);

  router.post(
    '/:version/:phoneNumberId/media',
    auth,
    requirePhoneNumber(ctx),
    async (req: Request, res: Response) => {
      const maxBytes = (mimeType: string) => limitFor(mimeType)?.maxBytes ?? UNKNOWN_TYPE_BYTES;
      const form = await readMultipart(req, ctx.mediaDir, maxBytes).catch(() => {
        throw invalidParameter('The parameter file is required.', 'Send the media as multipart/form-data.');
      });
      const file = form.file;
      try {
        if (form.fields.messaging_product !== 'whatsapp') {
          throw invalidParameter('The parameter messaging_product is required.');
        }
        if (!file || file.size === 0) throw invalidParameter('The parameter file is required.');
        const limit = limitFor(file.mimeType);
        if (!limit) {
          throw invalidParameter(
            `Param file must be a file with one of the following types: ${ALL_MIME_TYPES.join(', ')}. ` +
              `Received file of type '${file.mimeType}'.`,
          );
        }
        if (file.truncated) {
          throw invalidParameter(
            `Param file must be at most ${limit.maxBytes} bytes for ${limit.type} media.`,
          );
        }
      } catch (error) {
        if (file) fs.rmSync(file.path, { force: true });
        throw error;
      }
      const record = storeMediaFile(ctx.state, {
        file: file.path,
        size: file.size,
        sha256: file.sha256,
        mimeType: file.mimeType,
        filename: file.filename,
        origin: 'upload',
      });
      res.json({ id: record.id });
    },
  );

  router.get('/media-download/:mediaId', auth, async (req: Request, res: Response) => {
    const grant = ctx.state.mediaTokens.get(String(req.query.token ?? ''));
    const media = ctx.state.media.get(String(req.params.mediaId));
    if (!grant || !media || grant.mediaId !== media.id || grant.expiresAt < Date.now()) {
      throw new GraphError({
        code: 100,
        httpStatus: 404,
        message: 'The media URL is invalid or has expired.',
      });
    }
    res.set('content-type', media.mimeType).set('content-length', String(media.size));
    // Streamed, so serving a 100 MB file costs the simulator a few buffers, not 100 MB.
    await pipeline(openMedia(media), res).catch(() => res.destroy());
  });

  router.get('/:version/:objectId', auth, (req: Request, res: Response) => {
    const id = String(req.params.objectId);
    if (id === ctx.channel.phoneNumberId) {
      const { config } = ctx;
      res.json({
        id,
        display_phone_number: ctx.channel.displayPhoneNumber,
        verified_name: 'Inbox Simulator',
        quality_rating: config.qualityRating,
        // Meta answers the other fields only when `fields` names them.
        ...(req.query.fields === undefined
          ? {}
          : {
              name_status: 'APPROVED',
              status: config.phoneStatus,
              throughput: { level: config.throughputLevel },
              whatsapp_business_manager_messaging_limit: config.messagingLimitTier,
            }),
      });
      return;
    }
    const media = findMedia(ctx, req, id, 'get');
    res.json({
      messaging_product: 'whatsapp',
      url: issueMediaUrl(ctx, media.id),
      mime_type: media.mimeType,
      sha256: media.sha256,
      file_size: String(media.size),
      id: media.id,
    });
  });

  router.delete('/:version/:mediaId', auth, (req: Request, res: Response) => {
    const media = findMedia(ctx, req, String(req.params.mediaId), 'delete');
    deleteMedia(ctx.state, media);
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
