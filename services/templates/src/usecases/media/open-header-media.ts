import type { Readable } from 'node:stream';
import { DomainError, isId } from '@inbox/platform';
import { headerMediaRepository } from '../../db/repositories/header-media.repository';
import type { TemplatesDeps } from '../../deps';

export interface OpenedHeaderMedia {
  /**
   * The bytes, read from the blob store only when asked (a 304 never reaches the store); a blob
   * gone from the store is the same 404 as any other refusal.
   */
  open(): Promise<Readable>;
  mimeType: string;
  size: number;
  filename: string | null;
  /** The stored file never changes; another file is another upload with another id. */
  etag: string;
}

/** One answer for every refusal: an unknown, REMOVED or media-less template, a malformed id. */
const noMedia = () => new DomainError('not_found', 'NOT_FOUND', 'No header media here');

/**
 * The header file of a template, for anyone (`GET /templates/{id}/header-media` is the link
 * WhatsApp fetches when the template is sent): nothing about the organization is needed or shown,
 * and every reason for not serving gives the same 404.
 */
export async function openHeaderMedia(deps: TemplatesDeps, templateId: string): Promise<OpenedHeaderMedia> {
  // A malformed id is answered like an unknown template, without a query.
  if (!isId(templateId)) throw noMedia();
  const media = await headerMediaRepository.servedByTemplate(deps.db, templateId);
  if (!media) throw noMedia();
  return {
    open: async () => {
      const stream = await deps.blobs.get(media.path);
      if (stream) return stream;
      deps.logger.warn(
        { headerMediaId: media.id, key: media.path },
        'header media missing from the blob store',
      );
      throw noMedia();
    },
    mimeType: media.mimeType,
    size: media.size,
    filename: media.filename,
    etag: `"${media.id}"`,
  };
}
