import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  CONTEXT_METADATA,
  newId,
  queryRows,
  REQUEST_ID_METADATA,
  signCallerToken,
  type CallerContext,
} from '@inbox/platform';
import { headerMedia, templates } from '../db/schema';
import type { TemplatesDeps } from '../deps';
import { headerMediaIdFor } from '../usecases/media/link-header-media';
import { INCOMING_FOLDER } from '../usecases/media/header-media-files';
import { eventually, storeTemplate } from '../testing/sync-fixtures';
import { createTemplatesTestbed, openForTestFile } from '../testing/testbed';
import { startInternalHttp } from './server';

const SECRET = 'header-media-test-internal-secret-0123456789';
const APP_ID = '300000000000001';
const MB = 1024 * 1024;

const bed = openForTestFile(async () => {
  const testbed = await createTemplatesTestbed();
  // The deployment's Meta app (WHATSAPP_APP_ID): numeric, as Meta's are.
  const deps: TemplatesDeps = {
    ...testbed.deps,
    settings: { ...testbed.deps.settings, whatsappAppId: APP_ID },
  };
  const http = await startInternalHttp(deps, SECRET, 0, '127.0.0.1');
  return {
    ...testbed,
    deps,
    base: `http://127.0.0.1:${http.port}/internal/templates`,
    close: async () => {
      await http.stop();
      await testbed.close();
    },
  };
});

/** A PNG's first bytes and then filler: WhatsApp's upload takes the bytes as they are. */
const png = (size: number) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};

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

interface UploadParts {
  file?: { bytes: Buffer; type: string; name: string };
  headerType?: string;
  /** Send `headerType` after the file (a form's fields come in the order they were added). */
  typeAfterFile?: boolean;
}

function upload(caller: CallerContext, parts: UploadParts) {
  const form = new FormData();
  const addType = () => parts.headerType !== undefined && form.append('headerType', parts.headerType);
  if (!parts.typeAfterFile) addType();
  if (parts.file)
    form.append('file', new Blob([parts.file.bytes], { type: parts.file.type }), parts.file.name);
  if (parts.typeAfterFile) addType();
  return fetch(`${bed.base}/upload-media`, { method: 'POST', headers: signed(caller), body: form });
}

const headerMediaOf = (id: string, headers: Record<string, string> = {}) =>
  fetch(`${bed.base}/${id}/header-media`, { headers: { ...signed(anonymous), ...headers } });

const uploadsOf = (orgId: number) =>
  bed.database.db.select().from(headerMedia).where(eq(headerMedia.orgId, orgId));

const incomingFiles = () => {
  const dir = path.join(bed.mediaDir, INCOMING_FOLDER);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const imageHeader = (handle: string) => [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
  { type: 'BODY', text: 'Nuestra oferta de hoy' },
];

describe('POST /internal/templates/upload-media', () => {
  it('uploads a header sample through the Resumable Upload API and keeps the file', async () => {
    const org = await bed.orgWithChannel();
    const bytes = png(300 * 1024);

    const res = await upload(org.agent, {
      headerType: 'IMAGE',
      file: { bytes, type: 'image/png', name: 'oferta.png' },
    });

    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    // The service's own shape (snake_case); the gateway makes the REST answer of it.
    expect(body).toEqual({
      handle: expect.stringMatching(/^4::/),
      header_type: 'IMAGE',
      mime_type: 'image/png',
      size: bytes.length,
      filename: 'oferta.png',
    });
    // WhatsApp got the whole file on the deployment's app.
    const sessions = (await (await fetch(`${org.sim.url}/_sim/uploads`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(sessions.data).toContainEqual(
      expect.objectContaining({ appId: APP_ID, fileLength: bytes.length, fileType: 'image/png' }),
    );
    const [stored] = await uploadsOf(org.orgId);
    expect(stored).toMatchObject({ handle: body.handle, headerType: 'IMAGE', size: bytes.length });
    expect(fs.readFileSync(path.join(bed.mediaDir, stored.path)).equals(bytes)).toBe(true);
    expect(incomingFiles()).toEqual([]);
  });

  it.each([
    [
      'a type WhatsApp takes for another header',
      'IMAGE',
      'application/pdf',
      1024,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a type no header takes', undefined, 'text/plain', 1024, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['an image over 5 MB', 'IMAGE', 'image/png', 5 * MB + 1, 413, 'PAYLOAD_TOO_LARGE'],
    ['no header type', undefined, 'image/png', 1024, 400, 'VALIDATION_FAILED'],
    ['an unknown header type', 'AUDIO', 'image/png', 1024, 400, 'VALIDATION_FAILED'],
    ['an empty file', 'IMAGE', 'image/png', 0, 400, 'VALIDATION_FAILED'],
  ])('refuses %s and keeps nothing', async (_what, headerType, type, size, status, code) => {
    const org = await bed.orgWithChannel();
    const res = await upload(org.admin, { headerType, file: { bytes: png(size), type, name: 'f' } });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({ status, code });
    expect(await uploadsOf(org.orgId)).toEqual([]);
    expect(incomingFiles()).toEqual([]);
  });

  it.each([
    ['text sent as a PNG', 'IMAGE', 'image/png', Buffer.from('just some text, not an image')],
    ['a PNG sent as a JPEG', 'IMAGE', 'image/jpeg', png(1024)],
    ['a PNG sent as a PDF', 'DOCUMENT', 'application/pdf', png(1024)],
    ['a PDF sent as an MP4', 'VIDEO', 'video/mp4', Buffer.from('%PDF-1.4 sample, no video')],
  ])(
    'refuses %s by its first bytes (415), asks nothing of WhatsApp and keeps nothing',
    async (_what, headerType, type, bytes) => {
      const org = await bed.orgWithChannel();

      const res = await upload(org.admin, { headerType, file: { bytes, type, name: 'f' } });

      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        errors: [{ path: 'file', message: expect.stringContaining(type) }],
      });
      const sessions = (await (await fetch(`${org.sim.url}/_sim/uploads`)).json()) as { data: unknown[] };
      expect(sessions.data).toEqual([]);
      expect(await uploadsOf(org.orgId)).toEqual([]);
      expect(incomingFiles()).toEqual([]);
    },
  );

  it('takes a JPEG and an MP4 whose first bytes are theirs', async () => {
    const org = await bed.orgWithChannel();
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(512, 1)]);
    const mp4 = Buffer.concat([
      Buffer.from('00000020', 'hex'),
      Buffer.from('ftypisom'),
      Buffer.alloc(512, 2),
    ]);

    const image = await upload(org.admin, {
      headerType: 'IMAGE',
      file: { bytes: jpeg, type: 'image/jpeg', name: 'a.jpg' },
    });
    const video = await upload(org.admin, {
      headerType: 'VIDEO',
      file: { bytes: mp4, type: 'video/mp4', name: 'a.mp4' },
    });

    expect([image.status, video.status]).toEqual([201, 201]);
    expect((await uploadsOf(org.orgId)).map((u) => u.mimeType).sort()).toEqual(['image/jpeg', 'video/mp4']);
  });

  it('checks the file against a header type sent after it', async () => {
    const org = await bed.orgWithChannel();
    const file = { bytes: Buffer.from('%PDF-1.4 sample'), type: 'application/pdf', name: 'menu.pdf' };
    const refused = await upload(org.admin, { headerType: 'VIDEO', file, typeAfterFile: true });
    expect(refused.status).toBe(415);
    expect(await uploadsOf(org.orgId)).toEqual([]);
    const accepted = await upload(org.admin, { headerType: 'DOCUMENT', file, typeAfterFile: true });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ header_type: 'DOCUMENT', mime_type: 'application/pdf' });
  });

  it('keeps nothing of an upload the client abandons half-way', async () => {
    const org = await bed.orgWithChannel();
    const boundary = 'abandoned-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="headerType"\r\n\r\nIMAGE\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const url = new URL(`${bed.base}/upload-media`);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        ...signed(org.admin),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 2 * MB),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(png(MB));
    // Part of the file is on disk before the client goes away.
    await eventually(
      async () => incomingFiles(),
      (files) => files.length === 1,
    );
    req.destroy();

    await eventually(
      async () => incomingFiles(),
      (files) => files.length === 0,
    );
    expect(await uploadsOf(org.orgId)).toEqual([]);
  });

  it('refuses a form without a file', async () => {
    const org = await bed.orgWithChannel();
    const res = await upload(org.admin, { headerType: 'IMAGE' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ path: 'file' }] });
  });

  it('refuses a caller without an organization, and a request not signed by the gateway', async () => {
    const bytes = png(1024);
    expect(
      (await upload(anonymous, { headerType: 'IMAGE', file: { bytes, type: 'image/png', name: 'a.png' } }))
        .status,
    ).toBe(403);
    const unsigned = await fetch(`${bed.base}/upload-media`, { method: 'POST', body: new FormData() });
    expect(unsigned.status).toBe(401);
  });
});

describe('GET /internal/templates/{id}/header-media', () => {
  async function templateWithMedia() {
    const org = await bed.orgWithChannel();
    const bytes = png(64 * 1024);
    const res = await upload(org.admin, {
      headerType: 'IMAGE',
      file: { bytes, type: 'image/png', name: 'promo.png' },
    });
    const { handle } = (await res.json()) as { handle: string };
    const components = imageHeader(handle);
    const template = await storeTemplate(bed.database.db, org.orgId, {
      status: 'APPROVED',
      components,
      headerMediaId: await headerMediaIdFor(bed.database.db, org.orgId, components),
    });
    return { org, bytes, template, handle };
  }

  it('serves the file to anyone, with cache headers, and 304 when it did not change', async () => {
    const { bytes, template } = await templateWithMedia();

    const res = await headerMediaOf(template.id);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const again = await headerMediaOf(template.id, { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers the same 404 for an unknown, malformed, REMOVED or media-less template', async () => {
    const { org, template } = await templateWithMedia();
    const removed = await storeTemplate(bed.database.db, org.orgId, {
      status: 'REMOVED',
      components: template.components,
      headerMediaId: template.headerMediaId,
    });
    const plain = await storeTemplate(bed.database.db, org.orgId, { status: 'APPROVED' });

    const answers = await Promise.all(
      [newId(), 'not-an-id', removed.id, plain.id].map(async (id) => {
        const res = await headerMediaOf(id);
        return { status: res.status, body: await res.json() };
      }),
    );

    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it("links a template only to its own organization's upload", async () => {
    const { handle } = await templateWithMedia();
    const other = await bed.orgWithChannel();
    const components = imageHeader(handle);
    expect(await headerMediaIdFor(bed.database.db, other.orgId, components)).toBeNull();
    const template = await storeTemplate(bed.database.db, other.orgId, {
      status: 'APPROVED',
      components,
      headerMediaId: await headerMediaIdFor(bed.database.db, other.orgId, components),
    });
    expect((await headerMediaOf(template.id)).status).toBe(404);
    const rows = await queryRows<{ n: number }>(
      bed.database.db,
      sql`select count(*)::int as n from ${templates} where header_media_id is not null and org_id = ${other.orgId}`,
    );
    expect(rows[0].n).toBe(0);
  });
});
