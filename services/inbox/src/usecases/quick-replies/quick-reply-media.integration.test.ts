import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { signCallerToken, type CallerContext } from '@inbox/platform';
import { MEDIA_LIMITS } from '@inbox/whatsapp';
import { quickReplyHandlers } from '../../grpc/quick-replies.handlers';
import { startInternalHttp, type RunningHttp } from '../../http/server';
import { createInboxTestbed, type InboxTestbed } from '../../testing/testbed';
import { createQuickReply } from './create-quick-reply';
import { deleteQuickReply } from './delete-quick-reply';
import { removeQuickReplyMedia } from './remove-quick-reply-media';

const SECRET = 'quick-reply-media-test-secret';
let testbed: InboxTestbed;
let server: RunningHttp;
let base: string;
beforeAll(async () => {
  testbed = await createInboxTestbed();
  server = await startInternalHttp(testbed.deps, SECRET, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}/internal/quick-replies`;
});
afterAll(async () => {
  await server?.stop();
  await testbed?.close();
});

let lastOrg = 4000;
const newOrg = () => ++lastOrg;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2048, 7)]);
const PDF = Buffer.from('%PDF-1.4\n% quick reply price list\n%%EOF\n');

const signed = (caller: CallerContext) => ({ 'x-caller-context': signCallerToken(SECRET, caller) });

function upload(
  caller: CallerContext,
  id: string,
  file: { bytes: Buffer; type: string; name?: string; field?: string },
) {
  const form = new FormData();
  form.append(
    file.field ?? 'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type }),
    file.name ?? 'upload.bin',
  );
  return fetch(`${base}/${id}/media`, { method: 'POST', body: form, headers: signed(caller) });
}

const download = (caller: CallerContext, id: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/${id}/media`, { headers: { ...signed(caller), ...headers } });

/** Every file stored for an organization, temporary ones included. */
function storedFiles(orgId: number): string[] {
  const dir = path.join(testbed.mediaDir, 'org', String(orgId));
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function setUp() {
  const orgId = newOrg();
  const admin = testbed.caller(orgId);
  const reply = await createQuickReply(testbed.deps, admin, {
    shortcut: 'prices',
    label: 'Price list',
    text: 'Here are our prices',
  });
  return { orgId, admin, agent: testbed.caller(orgId, 'AGENT'), reply };
}

describe('quick reply media over internal HTTP', () => {
  it('stores an upload and serves it to any user of the organization', async () => {
    const { orgId, admin, agent, reply } = await setUp();
    const res = await upload(admin, reply.id, {
      bytes: PNG,
      type: 'image/png',
      name: 'C:\\photos\\prices.png',
    });
    expect(res.status).toBe(200);
    // The quick reply as CreateQuickReply answers it over gRPC; the gateway makes the REST shape.
    expect(await res.json()).toEqual({
      id: reply.id,
      shortcut: 'prices',
      label: 'Price list',
      text: 'Here are our prices',
      active: true,
      media: {
        mimeType: 'image/png',
        size: PNG.length,
        filename: 'prices.png',
        status: 'READY',
        sha256: createHash('sha256').update(PNG).digest('hex'),
      },
      createdAt: reply.createdAt.toISOString(),
      updatedAt: expect.any(String),
    });
    expect(storedFiles(orgId)).toHaveLength(1);

    const got = await download(agent, reply.id);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-length')).toBe(String(PNG.length));
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
    const etag = got.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // fetch adds `Cache-Control: no-cache` to conditional requests unless told otherwise, as a browser reload would.
    expect(
      (await download(agent, reply.id, { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status,
    ).toBe(304);

    const listed = await quickReplyHandlers(testbed.deps).ListQuickReplies({ includeInactive: false }, agent);
    expect(listed.data?.[0].media).toEqual({
      mimeType: 'image/png',
      size: PNG.length,
      filename: 'prices.png',
      status: 'READY',
      sha256: etag.slice(1, -1),
    });
  });

  it('refuses a type WhatsApp does not take as quick reply media with 415, storing nothing', async () => {
    const { orgId, admin, reply } = await setUp();
    for (const type of ['image/gif', 'image/webp', 'application/zip', 'application/octet-stream']) {
      const res = await upload(admin, reply.id, { bytes: PNG, type });
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    const notMultipart = await fetch(`${base}/${reply.id}/media`, {
      method: 'POST',
      body: PNG,
      headers: { ...signed(admin), 'content-type': 'image/png' },
    });
    expect(notMultipart.status).toBe(415);
    expect(storedFiles(orgId)).toEqual([]);
    expect((await download(admin, reply.id)).status).toBe(404);
  });

  it('refuses a file over its kind’s limit with 413, keeping the previous media and no partial file', async () => {
    const { orgId, admin, reply } = await setUp();
    expect(
      (await upload(admin, reply.id, { bytes: PDF, type: 'application/pdf', name: 'prices.pdf' })).status,
    ).toBe(200);
    const tooBig = Buffer.alloc(MEDIA_LIMITS.image.maxBytes + 1, 1);
    const res = await upload(admin, reply.id, { bytes: tooBig, type: 'image/jpeg', name: 'huge.jpg' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(storedFiles(orgId)).toHaveLength(1);
    const kept = await download(admin, reply.id);
    expect(kept.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await kept.arrayBuffer())).toEqual(PDF);
    // Exactly at the limit is allowed.
    expect((await upload(admin, reply.id, { bytes: tooBig.subarray(1), type: 'image/jpeg' })).status).toBe(
      200,
    );
  });

  it('answers 413 before reading a body that declares more than any kind allows', async () => {
    const { admin, reply } = await setUp();
    const declared = MEDIA_LIMITS.document.maxBytes * 2;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/${reply.id}/media`, {
        method: 'POST',
        headers: {
          ...signed(admin),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(declared),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('drops the partial file when the client goes away mid-upload', async () => {
    const { orgId, admin, reply } = await setUp();
    const req = http.request(`${base}/${reply.id}/media`, {
      method: 'POST',
      headers: { ...signed(admin), 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    req.on('error', () => undefined);
    req.write(
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
    );
    req.write(Buffer.alloc(256 * 1024, 3));
    await until(() => storedFiles(orgId).length === 1);
    req.destroy();
    await until(() => storedFiles(orgId).length === 0);
    expect((await download(admin, reply.id)).status).toBe(404);
  });

  it('replaces the media, deleting the old file, and removes it on request', async () => {
    const { orgId, admin, reply } = await setUp();
    await upload(admin, reply.id, { bytes: PNG, type: 'image/png', name: 'prices.png' });
    const replaced = await upload(admin, reply.id, {
      bytes: PDF,
      type: 'application/pdf; charset=binary',
      name: 'prices.pdf',
    });
    expect(((await replaced.json()) as { media: unknown }).media).toMatchObject({
      mimeType: 'application/pdf',
      size: PDF.length,
      filename: 'prices.pdf',
    });
    expect(storedFiles(orgId)).toHaveLength(1);
    const got = await download(admin, reply.id);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PDF);

    const removed = await removeQuickReplyMedia(testbed.deps, admin, reply.id);
    expect(removed).toMatchObject({ id: reply.id, mediaBlobKey: null, mediaMimeType: null });
    expect(storedFiles(orgId)).toEqual([]);
    expect((await download(admin, reply.id)).status).toBe(404);
    expect(
      await quickReplyHandlers(testbed.deps).RemoveQuickReplyMedia({ id: reply.id }, admin),
    ).toMatchObject({ id: reply.id, media: undefined });
  });

  it('deletes the file with its quick reply', async () => {
    const { orgId, admin, reply } = await setUp();
    await upload(admin, reply.id, { bytes: PNG, type: 'image/png' });
    await deleteQuickReply(testbed.deps, admin, reply.id);
    expect(storedFiles(orgId)).toEqual([]);
  });

  it('lets only Admins of the organization upload, and only its users download', async () => {
    const { orgId, admin, agent, reply } = await setUp();
    const agentUpload = await upload(agent, reply.id, { bytes: PNG, type: 'image/png' });
    expect(agentUpload.status).toBe(403);
    const stranger = testbed.caller(newOrg());
    expect((await upload(stranger, reply.id, { bytes: PNG, type: 'image/png' })).status).toBe(404);
    expect(storedFiles(orgId)).toEqual([]);

    expect((await upload(admin, reply.id, { bytes: PNG, type: 'image/png' })).status).toBe(200);
    const strangerGet = await download(stranger, reply.id);
    expect(strangerGet.status).toBe(404);
    expect(await strangerGet.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unsigned = await fetch(`${base}/${reply.id}/media`);
    expect(unsigned.status).toBe(401);
  });

  it('asks for a multipart field named "file"', async () => {
    const { orgId, admin, reply } = await setUp();
    const res = await upload(admin, reply.id, { bytes: PNG, type: 'image/png', field: 'attachment' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'file', message: 'Required' }],
    });
    const empty = await upload(admin, reply.id, { bytes: Buffer.alloc(0), type: 'image/png' });
    expect(empty.status).toBe(400);
    expect(storedFiles(orgId)).toEqual([]);
  });
});
