import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CloudApiError, type CloudApiClient } from '@inbox/whatsapp';
import { APP_ID, TOKEN, WABA_ID, failure, startWiredSimulator, type Wired } from './test-support';

/** The product's client against the simulator: the Resumable Upload API and media headers. */

describe('Resumable Upload API', () => {
  let t: Wired;
  let client: CloudApiClient;
  let dir: string;
  let file: string;
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-test-'));
    file = path.join(dir, 'offer.png');
    fs.writeFileSync(file, bytes);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    t = await startWiredSimulator();
    client = t.client();
  });
  afterEach(() => t.close());

  const session = () =>
    client.createUploadSession(APP_ID, {
      fileName: 'offer.png',
      fileLength: bytes.length,
      fileType: 'image/png',
    });

  it('opens a session and streams a file with the OAuth header into a header handle', async () => {
    const { id } = await session();
    expect(id).toMatch(/^upload:[A-Za-z0-9_-]+\?sig=AR/);
    const { h } = await client.uploadFile(id, file, { offset: 0 });
    expect(h).toMatch(/^4::aW1hZ2UvcG5n:/);
    const uploads = (await t.control('GET', '/uploads')).json.data;
    expect(uploads).toEqual([
      expect.objectContaining({
        fileName: 'offer.png',
        fileType: 'image/png',
        offset: bytes.length,
        handle: h,
      }),
    ]);
    await expect(client.getUploadSession(id)).resolves.toEqual({ id, fileOffset: bytes.length });
  });

  it('refuses the bytes with a Bearer header, as Meta does (190)', async () => {
    const { id } = await session();
    const res = await fetch(`${t.sim.url}/v23.0/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, file_offset: '0' },
      body: bytes,
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect((await t.control('GET', '/uploads')).json.data[0].offset).toBe(0);
  });

  it('resumes an interrupted upload from the offset the session reports', async () => {
    const { id } = await session();
    const part = 30_000;
    const first = await fetch(`${t.sim.url}/v23.0/${id}`, {
      method: 'POST',
      headers: { authorization: `OAuth ${TOKEN}`, file_offset: '0' },
      body: bytes.subarray(0, part),
    });
    expect(first.status).toBe(400);
    const { fileOffset } = await client.getUploadSession(id);
    expect(fileOffset).toBe(part);
    // A wrong offset is refused; the right one finishes the file.
    expect(await failure(client.uploadFile(id, file, { offset: 0 }))).toMatchObject({ code: 100 });
    const { h } = await client.uploadFile(id, file, { offset: fileOffset });
    expect(h).toMatch(/^4::/);
  });

  it('takes a stream of exactly the announced size, and fails one that is shorter', async () => {
    const { id } = await session();
    const stream = Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]);
    await expect(client.uploadFile(id, { stream, size: bytes.length })).resolves.toEqual({
      h: expect.any(String),
    });
    const other = await session();
    const short = Readable.from([bytes.subarray(0, 10)]);
    await expect(client.uploadFile(other.id, { stream: short, size: bytes.length })).rejects.toBeInstanceOf(
      CloudApiError,
    );
  });

  it('refuses types and sizes WhatsApp does not take, locally and in the simulator', async () => {
    const gif = await failure(
      client.createUploadSession(APP_ID, { fileName: 'a.gif', fileLength: 10, fileType: 'image/gif' }),
    );
    expect(gif).toMatchObject({ local: true, code: 100 });
    const big = await failure(
      client.createUploadSession(APP_ID, {
        fileName: 'a.png',
        fileLength: 5 * 1024 * 1024 + 1,
        fileType: 'image/png',
      }),
    );
    expect(big.local).toBe(true);
    const raw = await t.graph(
      'POST',
      `/v23.0/${APP_ID}/uploads?file_name=a.gif&file_length=10&file_type=image/gif`,
    );
    expect(raw.status).toBe(400);
    expect(raw.json.error.code).toBe(100);
    const otherApp = await t.graph(
      'POST',
      `/v23.0/999/uploads?file_name=a.png&file_length=10&file_type=image/png`,
    );
    expect(otherApp.json.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('accepts a media header whose handle is an upload of that type, and refuses any other handle', async () => {
    const { id } = await session();
    const { h } = await client.uploadFile(id, file);
    const withHeader = (handle: string, format = 'IMAGE') => ({
      name: `offer_${format.toLowerCase()}`,
      language: 'es_MX',
      category: 'MARKETING' as const,
      components: [
        { type: 'HEADER', format, example: { header_handle: [handle] } },
        { type: 'BODY', text: 'Nueva oferta para ti.' },
      ],
    });
    await expect(client.createTemplate(WABA_ID, withHeader(h))).resolves.toMatchObject({ status: 'PENDING' });
    const video = await failure(client.createTemplate(WABA_ID, withHeader(h, 'VIDEO')));
    expect(video).toMatchObject({ code: 100, subcode: 2494102 });
    const forged = await failure(
      client.createTemplate(WABA_ID, { ...withHeader('4::forged'), name: 'forged' }),
    );
    expect(forged.subcode).toBe(2494102);
  });
});
