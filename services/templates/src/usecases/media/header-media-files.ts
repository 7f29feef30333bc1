import fs from 'node:fs';
import path from 'node:path';

/**
 * Where header samples live: each upload is received under MEDIA_DIR's `incoming/` (this pod's
 * own disk) while it is checked and sent to WhatsApp, then kept in the blob store under
 * `header-media/<org>/<id>` — the path it had under MEDIA_DIR before the store, so an existing
 * folder copies into a bucket as it is. Rows keep the key.
 */
export const INCOMING_FOLDER = 'incoming';

export const incomingDir = (mediaDir: string) => path.join(mediaDir, INCOMING_FOLDER);

export const headerMediaKey = (orgId: number, id: string) =>
  path.posix.join('header-media', String(orgId), id);

export const discardFile = (file: string) => fs.promises.rm(file, { force: true }).catch(() => undefined);
