import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Where header samples live under MEDIA_DIR: `incoming/` while an upload is received and sent to
 * WhatsApp, then `header-media/<org>/<id>` once stored. Rows keep the relative path.
 */
export const INCOMING_FOLDER = 'incoming';

export const incomingDir = (mediaDir: string) => path.join(mediaDir, INCOMING_FOLDER);

export const storedPathOf = (orgId: number, id: string) => path.posix.join('header-media', String(orgId), id);

/** The absolute path of a stored file; a stored path never leaves MEDIA_DIR. */
export function absolutePath(mediaDir: string, relative: string): string {
  const root = path.resolve(mediaDir);
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) throw new Error(`Stored path outside the media folder: ${relative}`);
  return full;
}

/** Moves a received file to its stored place (a copy when MEDIA_DIR spans two filesystems). */
export async function keepFile(from: string, mediaDir: string, relative: string): Promise<void> {
  const to = absolutePath(mediaDir, relative);
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await pipeline(fs.createReadStream(from), fs.createWriteStream(to));
    await fs.promises.rm(from, { force: true });
  }
}

export const discardFile = (file: string) => fs.promises.rm(file, { force: true }).catch(() => undefined);
