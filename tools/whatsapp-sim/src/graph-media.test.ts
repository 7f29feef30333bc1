import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { PHONE_ID, TOKEN, startWiredSimulator, type Wired } from './test-support';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('media', () => {
  let t: Wired;
  beforeEach(async () => {
    t = await startWiredSimulator({ mediaUrlTtlMs: 500 });
  });
  afterEach(() => t.close());

  async function upload(
    bytes: Buffer,
    mimeType: string,
    fields: Record<string, string> = { messaging_product: 'whatsapp' },
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([bytes], { type: mimeType }), 'upload.bin');
    const res = await fetch(`${t.sim.url}/v23.0/${PHONE_ID}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  it('uploads a file, describes it with a URL on the simulator, and serves the same bytes', async () => {
    const up = await upload(PNG, 'image/png', { messaging_product: 'whatsapp', type: 'image/png' });
    expect(up.status).toBe(200);
    expect(up.json).toEqual({ id: expect.stringMatching(/^\d{16}$/) });

    const info = await t.graph('GET', `/v23.0/${up.json.id}`);
    expect(info.json).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringMatching(new RegExp(`^${t.sim.url}/media-download/${up.json.id}\\?token=`)),
      mime_type: 'image/png',
      sha256: createHash('sha256').update(PNG).digest('hex'),
      file_size: String(PNG.length),
      id: up.json.id,
    });

    const download = await fetch(info.json.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('guards downloads with the token and lets the URL expire', async () => {
    const up = await upload(PNG, 'image/png');
    const { url } = (await t.graph('GET', `/v23.0/${up.json.id}`)).json;
    const noToken = await fetch(url);
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as any).error.code).toBe(190);
    const forged = await fetch(url.replace(/token=.*/, 'token=forged'), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(forged.status).toBe(404);
    await new Promise((r) => setTimeout(r, 600));
    const expired = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(expired.status).toBe(404);
  });

  it('answers an unknown media id with a 404 Graph error, and deletes media', async () => {
    const unknown = await t.graph('GET', '/v23.0/1234567890123456');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({
      code: 100,
      error_subcode: 33,
      fbtrace_id: expect.any(String),
    });

    const up = await upload(PNG, 'image/png');
    expect((await t.graph('DELETE', `/v23.0/${up.json.id}`)).json).toEqual({ success: true });
    expect((await t.graph('GET', `/v23.0/${up.json.id}`)).status).toBe(404);
  });

  it('refuses unsupported types, missing fields and non-multipart bodies with code 100', async () => {
    const exe = await upload(Buffer.from('MZ'), 'application/x-msdownload');
    expect(exe.status).toBe(400);
    expect(exe.json.error.message).toContain("Received file of type 'application/x-msdownload'");
    const noProduct = await upload(PNG, 'image/png', {});
    expect(noProduct.json.error.message).toBe('(#100) The parameter messaging_product is required.');
    const bigSticker = await upload(Buffer.alloc(600 << 10), 'image/webp');
    expect(bigSticker.json.error.message).toContain('sticker');
    const json = await t.graph('POST', `/v23.0/${PHONE_ID}/media`, { messaging_product: 'whatsapp' });
    expect(json.status).toBe(400);
    expect(json.json.error.code).toBe(100);
  });

  it('lets a send use an uploaded media id and refuses an id it never issued', async () => {
    await t.control('POST', '/inbound', { from: '16505551234', type: 'text', text: 'hi' });
    const up = await upload(Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const ok = await t.send({
      to: '16505551234',
      type: 'document',
      document: { id: up.json.id, filename: 'a.pdf' },
    });
    expect(ok.status).toBe(200);
    const bad = await t.send({ to: '16505551234', type: 'image', image: { id: '42' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain("image['id']");
  });

  it('answers the phone number object at GET /:version/:phoneNumberId', async () => {
    const res = await t.graph('GET', `/v23.0/${PHONE_ID}`);
    expect(res.json).toMatchObject({
      id: PHONE_ID,
      display_phone_number: expect.any(String),
      quality_rating: 'GREEN',
    });
  });

  it('serves a generated 100 MB inbound file as a stream whose sha256 is the one announced', async () => {
    const size = 100 << 20;
    const inbound = await t.control('POST', '/inbound', {
      from: '16505551234',
      type: 'document',
      media: { mimeType: 'application/pdf', generatedSize: size },
    });
    const info = (await t.graph('GET', `/v23.0/${inbound.json.mediaId}`)).json;
    expect(info.file_size).toBe(String(size));
    const download = await fetch(info.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.headers.get('content-length')).toBe(String(size));
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of Readable.fromWeb(download.body! as never) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      received += chunk.length;
    }
    expect(received).toBe(size);
    expect(hash.digest('hex')).toBe(info.sha256);
  });

  it('writes an upload to its media folder as it arrives, and removes it on reset', async () => {
    const bytes = Buffer.alloc(3 << 20, 7);
    const up = await upload(bytes, 'application/pdf');
    const record = t.sim.state.media.get(up.json.id)!;
    expect(record.size).toBe(bytes.length);
    expect(record.bytes).toBeUndefined();
    expect(record.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(fs.statSync(record.file!).size).toBe(bytes.length);
    await t.control('POST', '/reset');
    expect(fs.existsSync(record.file!)).toBe(false);
  });
});
