import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  blobStoreFromConfig,
  CONTEXT_METADATA,
  REQUEST_ID_METADATA,
  signCallerToken,
  type CallerContext,
} from '@inbox/platform';
import { startTestS3Server, type TestS3Server } from '@inbox/platform/testing';
import { headerMedia } from '../db/schema';
import type { TemplatesDeps } from '../deps';
import { headerMediaIdFor } from '../usecases/media/link-header-media';
import { INCOMING_FOLDER } from '../usecases/media/header-media-files';
import { storeTemplate } from '../testing/sync-fixtures';
import { createTemplatesTestbed, openForTestFile } from '../testing/testbed';
import { startInternalHttp } from './server';

const SECRET = 'header-media-s3-test-internal-secret-0123456789';
const BUCKET = 'template-media';

/**
 * Two replicas of the templates service, each with its own MEDIA_DIR, sharing one bucket
 * (BLOB_STORE=s3): a sample uploaded through one is served by the other.
 */
const bed = openForTestFile(async () => {
  const s3: TestS3Server = await startTestS3Server();
  try {
    await s3.createBucket(BUCKET);
    const testbed = await createTemplatesTestbed();
    const replica = async () => {
      const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templates-replica-'));
      const deps: TemplatesDeps = {
        ...testbed.deps,
        blobs: blobStoreFromConfig({
          kind: 's3',
          ...s3,
          bucket: BUCKET,
          forcePathStyle: true,
          prefix: 'templates/',
        }),
        settings: { ...testbed.deps.settings, whatsappAppId: '300000000000001', mediaDir },
      };
      const http = await startInternalHttp(deps, SECRET, 0, '127.0.0.1');
      return { deps, mediaDir, http, base: `http://127.0.0.1:${http.port}/internal/templates` };
    };
    const [a, b] = [await replica(), await replica()];
    return {
      ...testbed,
      s3,
      a,
      b,
      close: async () => {
        for (const r of [a, b]) {
          await r.http.stop();
          fs.rmSync(r.mediaDir, { recursive: true, force: true });
        }
        await testbed.close();
        await s3.stop();
      },
    };
  } catch (error) {
    await s3.stop();
    throw error;
  }
});

const signed = (caller: CallerContext) => ({
  [CONTEXT_METADATA]: signCallerToken(SECRET, caller),
  [REQUEST_ID_METADATA]: caller.requestId,
});

const anonymous: CallerContext = {
  orgId: 0,
  kind: 'ANONYMOUS',
  principalId: '',
  role: null,
  userId: null,
  requestId: 'anon',
};

const png = (size: number) => {
  const bytes = Buffer.alloc(size, 9);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

/** What the replica keeps on its own disk: nothing once an upload is answered. */
const onDisk = (mediaDir: string) => fs.readdirSync(mediaDir).filter((f) => f !== INCOMING_FOLDER);

describe('header media in an S3 bucket', () => {
  it('keeps an upload through one replica in the bucket, and serves it from another', async () => {
    const org = await bed.orgWithChannel();
    const bytes = png(200 * 1024);
    const form = new FormData();
    form.append('headerType', 'IMAGE');
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'oferta.png');

    const uploaded = await fetch(`${bed.a.base}/upload-media`, {
      method: 'POST',
      headers: signed(org.admin),
      body: form,
    });

    expect(uploaded.status).toBe(201);
    const { handle } = (await uploaded.json()) as { handle: string };
    const [row] = await bed.database.db.select().from(headerMedia).where(eq(headerMedia.orgId, org.orgId));
    // The key it had under MEDIA_DIR, behind the service's prefix: an existing folder copies in as it is.
    expect(row.path).toBe(`header-media/${org.orgId}/${row.id}`);
    expect(await bed.s3.contents(BUCKET, `templates/header-media/${org.orgId}/`)).toEqual({
      objects: [`templates/${row.path}`],
      uploads: [],
    });
    expect(onDisk(bed.a.mediaDir)).toEqual([]);
    expect(fs.readdirSync(path.join(bed.a.mediaDir, INCOMING_FOLDER))).toEqual([]);

    const components = [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
      { type: 'BODY', text: 'Nuestra oferta de hoy' },
    ];
    const template = await storeTemplate(bed.database.db, org.orgId, {
      status: 'APPROVED',
      components,
      headerMediaId: await headerMediaIdFor(bed.database.db, org.orgId, components),
    });
    const link = `${bed.b.base}/${template.id}/header-media`;
    const served = await fetch(link, { headers: signed(anonymous) });

    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = served.headers.get('etag') as string;
    const again = await fetch(link, { headers: { ...signed(anonymous), 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // A blob gone from the bucket is the link's usual 404, not a broken 200.
    await bed.a.deps.blobs.delete(row.path);
    const gone = await fetch(link, { headers: signed(anonymous) });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
