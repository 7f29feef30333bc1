import http from 'node:http';
import { eventually } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { multipart } from '../support/templates';

jest.setTimeout(90_000);

const t = systemForTestFile();

const png = (size: number) =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(size - 8, 3)]);

/**
 * A multipart upload as curl sends one over about a megabyte: the headers with
 * `Expect: 100-continue`, the body only once the server said to continue.
 */
async function uploadExpectingContinue(path: string, fields: Record<string, string>, bytes: Buffer) {
  const { rawBody, headers } = await multipart(fields, { bytes, type: 'image/png', name: 'a.png' });
  return new Promise<{ status: number; continued: boolean; body: Record<string, any> }>((resolve, reject) => {
    const req = http.request(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        ...headers,
        authorization: `Bearer ${t.admin}`,
        expect: '100-continue',
        'content-length': rawBody.length,
      },
    });
    let continued = false;
    req.on('continue', () => {
      continued = true;
      req.end(rawBody);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
        resolve({ status: res.statusCode ?? 0, continued, body });
        if (!continued) req.destroy();
      });
    });
    req.on('error', reject);
  });
}

async function openConversation(waId: string): Promise<string> {
  await t.sim.inbound({ from: waId, type: 'text', text: 'hola' });
  let id = '';
  await eventually(async () => {
    id = (await t.api.get(`/conversations?search=${waId}`, { token: t.admin })).body.data[0]?.id;
    expect(id).toBeDefined();
  });
  return id;
}

describe(`uploads from a client that waits for 100 Continue (${MODE})`, () => {
  it.each([
    ['a tiny image', 71],
    ['an image over a megabyte', 1_200_000],
  ])('header media: %s is uploaded', async (_name, size) => {
    const res = await uploadExpectingContinue('/templates/upload-media', { headerType: 'IMAGE' }, png(size));
    expect(res).toMatchObject({ continued: true, status: 201 });
    expect(res.body).toMatchObject({ headerType: 'IMAGE', mimeType: 'image/png', size });
  });

  it('header media: an image over WhatsApp’s 5 MB is a 413', async () => {
    const res = await uploadExpectingContinue(
      '/templates/upload-media',
      { headerType: 'IMAGE' },
      png(6 * 1024 * 1024),
    );
    expect(res).toMatchObject({ continued: true, status: 413 });
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('header media: a second file part is a 400 on file', async () => {
    const form = new FormData();
    form.append('headerType', 'IMAGE');
    for (const name of ['a.png', 'b.png'])
      form.append('file', new Blob([png(100)], { type: 'image/png' }), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.api.send('POST', '/templates/upload-media', {
      token: t.admin,
      rawBody: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'file', message: 'Send one file per upload' }]);
  });

  it('conversation media: an image is sent, one over 5 MB is a 413', async () => {
    const id = await openConversation('5215512347001');
    const sent = await uploadExpectingContinue(`/conversations/${id}/messages/media`, {}, png(1_200_000));
    expect(sent).toMatchObject({ continued: true, status: 201 });
    expect(sent.body).toMatchObject({ type: 'image', media: { size: 1_200_000 } });
    const big = await uploadExpectingContinue(
      `/conversations/${id}/messages/media`,
      {},
      png(6 * 1024 * 1024),
    );
    expect(big).toMatchObject({ continued: true, status: 413 });
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
