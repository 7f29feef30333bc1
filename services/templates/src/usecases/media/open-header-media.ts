import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { DomainError, isId } from '@inbox/platform';
import { headerMediaRepository } from '../../db/repositories/header-media.repository';
import type { TemplatesDeps } from '../../deps';
import { absolutePath } from './header-media-files';

export interface OpenedHeaderMedia {
  /** Opened lazily by `open()`, so a 304 never opens the file. */
  open(): Readable;
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
  const file = absolutePath(deps.settings.mediaDir, media.path);
  try {
    await fs.promises.access(file, fs.constants.R_OK);
  } catch {
    deps.logger.warn({ headerMediaId: media.id }, 'header media file missing on disk');
    throw noMedia();
  }
  return {
    open: () => fs.createReadStream(file),
    mimeType: media.mimeType,
    size: media.size,
    filename: media.filename,
    etag: `"${media.id}"`,
  };
}
