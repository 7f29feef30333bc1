import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response } from 'express';
import { sendInternalError } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import { openHeaderMedia } from '../usecases/media/open-header-media';

/**
 * WhatsApp fetches the link for each send of a media-header template; an hour of caching spares
 * most fetches, and the ETag (the stored upload's id) revalidates after a header was replaced.
 */
export const HEADER_MEDIA_MAX_AGE_SECONDS = 3600;

/** Types a browser may show inline; any other file downloads (never runs as a page of this origin). */
const INLINE = /^(image\/(jpeg|png)|video\/mp4)$/;

function fileHeaders(mimeType: string, size: number, etag: string, filename: string | null) {
  const disposition = INLINE.test(mimeType) ? 'inline' : 'attachment';
  return {
    'Content-Type': mimeType,
    'Content-Length': String(size),
    ETag: etag,
    'Cache-Control': `public, max-age=${HEADER_MEDIA_MAX_AGE_SECONDS}`,
    'Content-Disposition': filename
      ? `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`
      : disposition,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}

/**
 * RFC 9110 If-None-Match, evaluated as an origin server does: a `Cache-Control: no-cache` in the
 * request (fetch adds it to every conditional request) does not stop a 304, unlike `req.fresh`.
 */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

async function serve(deps: TemplatesDeps, req: Request, res: Response): Promise<void> {
  const media = await openHeaderMedia(deps, String(req.params.id));
  const headers = fileHeaders(media.mimeType, media.size, media.etag, media.filename);
  if (matches(req.get('if-none-match'), media.etag)) {
    res.set(headers).status(304).end();
    return;
  }
  // Opened before any header is set, so a blob missing from the store is still a clean 404.
  const body = await media.open();
  res.set(headers);
  if (req.method === 'HEAD') {
    body.destroy();
    res.end();
    return;
  }
  await pipeline(body, res);
}

/**
 * `GET /internal/templates/:id/header-media`: the public file of a template (the gateway proxies
 * `GET /templates/{id}/header-media` without authorization, signing an anonymous caller).
 */
export function headerMediaRouter(deps: TemplatesDeps): express.Router {
  const router = express.Router();
  router.get('/templates/:id/header-media', (req, res) => {
    serve(deps, req, res).catch((error) => sendInternalError(error, res, deps.logger));
  });
  return router;
}
