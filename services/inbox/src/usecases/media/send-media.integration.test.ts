import { createHash, randomBytes } from 'node:crypto';
import nodeHttp from 'node:http';
import { eq } from 'drizzle-orm';
import { TransferSlots, type CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { conversations, messages } from '../../db/schema';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';

const messaging = messagingFixture({ firstOrgId: 8001, internalHttp: true });
const { orgWithSimulator, openConversation, sent, httpPort, headersFor, mediaOf, blobsOf } = messaging;
const testbed = openForTestFile(messaging.start);

const db = () => testbed.deps.db;

function upload(
  caller: CallerContext,
  conversationId: string,
  file: { bytes: Buffer; type: string; name: string },
  caption?: string,
) {
  const form = new FormData();
  if (caption !== undefined) form.append('caption', caption);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`http://127.0.0.1:${httpPort()}/internal/conversations/${conversationId}/messages/media`, {
    method: 'POST',
    headers: headersFor(caller),
    body: form,
  });
}

/** A revalidation as a browser makes it (fetch would add `cache-control: no-cache`, which forbids a 304). */
const conditionalStatus = (caller: CallerContext, messageId: string, etag: string) =>
  new Promise<number | undefined>((resolve, reject) => {
    const headers = { ...headersFor(caller), 'if-none-match': etag };
    nodeHttp
      .get(
        { host: '127.0.0.1', port: httpPort(), path: `/internal/messages/${messageId}/media`, headers },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      )
      .on('error', reject);
  });
const rowsOf = (conversationId: string) =>
  db().select().from(messages).where(eq(messages.conversationId, conversationId));

describe('sending media', () => {
  it('streams the file to the blob store, uploads it to WhatsApp, sends it and serves it back', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const bytes = randomBytes(300 * 1024);
    const res = await upload(
      agent,
      conversation.id,
      { bytes, type: 'image/png', name: 'photo.png' },
      'Our menu',
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    const sha = createHash('sha256').update(bytes).digest('hex');
    // The message as SendMessage answers it over gRPC (unset fields absent); the gateway makes the REST shape.
    expect(body).toEqual({
      id: expect.any(String),
      conversationId: conversation.id,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: agent.userId,
      type: 'image',
      text: 'Our menu',
      media: {
        mimeType: 'image/png',
        size: bytes.length,
        filename: 'photo.png',
        caption: 'Our menu',
        status: 'READY',
        sha256: sha,
      },
      hidden: false,
      status: 'SENT',
      providerMessageId: expect.stringMatching(/^wamid\./),
      createdAt: expect.any(String),
    });
    const [wire] = await sent(sim);
    expect(wire.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: conversation.waId,
      type: 'image',
      image: { id: expect.any(String), caption: 'Our menu' },
      biz_opaque_callback_data: body.id,
    });
    expect(sim.state.media.get(wire.body.image.id)).toMatchObject({
      sha256: sha,
      mimeType: 'image/png',
      origin: 'upload',
    });

    const [after] = await db().select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(after).toMatchObject({ status: 'WAITING_FOR_CUSTOMER', lastMessagePreview: '📷 Our menu' });

    const served = await mediaOf(agent, body.id);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(
      Object.fromEntries(
        ['content-type', 'content-length', 'content-disposition', 'etag'].map((h) => [
          h,
          served.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'content-disposition': "inline; filename*=UTF-8''photo.png",
      etag: `"${sha}"`,
    });
    expect(await conditionalStatus(agent, body.id, `"${sha}"`)).toBe(304);
    expect(await conditionalStatus(agent, body.id, '"other"')).toBe(200);
  });

  it('sends a document with its file name', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const res = await upload(agent, conversation.id, {
      bytes: Buffer.from('%PDF-1.4 invoice'),
      type: 'application/pdf',
      name: 'factura 42.pdf',
    });
    expect(res.status).toBe(201);
    const [wire] = await sent(sim);
    expect(wire.body.document).toEqual({ id: expect.any(String), filename: 'factura 42.pdf' });
    const served = await mediaOf(agent, ((await res.json()) as any).id);
    expect(served.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''factura%2042.pdf");
  });

  it('refuses an unsupported type (415) and a file over its kind’s limit (413), storing nothing', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const zip = await upload(agent, conversation.id, {
      bytes: randomBytes(1000),
      type: 'application/zip',
      name: 'a.zip',
    });
    expect(zip.status).toBe(415);
    expect(await zip.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    const big = await upload(agent, conversation.id, {
      bytes: randomBytes(5 * 1024 * 1024 + 1),
      type: 'image/jpeg',
      name: 'big.jpg',
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    const notMultipart = await fetch(
      `http://127.0.0.1:${httpPort()}/internal/conversations/${conversation.id}/messages/media`,
      {
        method: 'POST',
        headers: { ...headersFor(agent), 'content-type': 'image/png' },
        body: randomBytes(100),
      },
    );
    expect(notMultipart.status).toBe(415);
    expect(await rowsOf(conversation.id)).toHaveLength(0);
    expect(blobsOf(orgId)).toEqual([]);
    expect(await sent(sim)).toHaveLength(0);
    // The connection still works after a refusal: the next upload goes through.
    expect(
      (await upload(agent, conversation.id, { bytes: randomBytes(10), type: 'image/jpeg', name: 'ok.jpg' }))
        .status,
    ).toBe(201);
  });

  it('drops the partial file when the client goes away mid-upload', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const boundary = 'xyzzy';
    const req = nodeHttp.request({
      host: '127.0.0.1',
      port: httpPort(),
      method: 'POST',
      path: `/internal/conversations/${conversation.id}/messages/media`,
      headers: {
        ...headersFor(agent),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': '2000000',
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    req.write(randomBytes(64 * 1024));
    await new Promise((r) => setTimeout(r, 200));
    req.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect(blobsOf(orgId)).toEqual([]);
    expect(await rowsOf(conversation.id)).toHaveLength(0);
  });

  it('refuses a closed window, a CLOSED conversation and another organization before reading the file', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const file = { bytes: randomBytes(100), type: 'image/png', name: 'x.png' };
    const stale = await openConversation(orgId, { lastCustomerMessageAt: new Date(Date.now() - 25 * HOUR) });
    const closed = await openConversation(orgId, { status: 'CLOSED' });
    expect(await (await upload(agent, stale.id, file)).json()).toMatchObject({
      status: 409,
      code: 'WINDOW_CLOSED',
    });
    expect(await (await upload(agent, closed.id, file)).json()).toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
    });
    const other = await orgWithSimulator();
    expect((await upload(other.agent, (await openConversation(orgId)).id, file)).status).toBe(404);
    expect(await rowsOf(stale.id)).toHaveLength(0);
    expect(blobsOf(orgId)).toEqual([]);
  });

  it('answers 503 TRANSFERS_BUSY, storing nothing, while the process moves as many files as it may', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const shared = testbed.deps.transfers;
    testbed.deps.transfers = new TransferSlots({ slots: 1, maxWaiting: 0, waitTimeoutMs: 1_000 });
    let release!: () => void;
    const inFlight = testbed.deps.transfers.run(() => new Promise<void>((done) => (release = done)));
    try {
      const res = await upload(agent, conversation.id, {
        bytes: randomBytes(1024),
        type: 'image/png',
        name: 'a.png',
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'TRANSFERS_BUSY' });
      expect(await rowsOf(conversation.id)).toEqual([]);
      expect(blobsOf(orgId)).toEqual([]);
      expect(await sent(sim)).toEqual([]);
    } finally {
      release();
      await inFlight;
      testbed.deps.transfers = shared;
    }
  });

  it('requires a file and refuses a caption on audio', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const audio = await upload(
      agent,
      conversation.id,
      { bytes: randomBytes(100), type: 'audio/mpeg', name: 'a.mp3' },
      'No',
    );
    expect(await audio.json()).toMatchObject({ status: 400, errors: [{ path: 'caption' }] });
    const form = new FormData();
    form.append('caption', 'only a caption');
    const none = await fetch(
      `http://127.0.0.1:${httpPort()}/internal/conversations/${conversation.id}/messages/media`,
      {
        method: 'POST',
        headers: headersFor(agent),
        body: form,
      },
    );
    expect(await none.json()).toMatchObject({ status: 400, errors: [{ path: 'file' }] });
    expect(blobsOf(orgId)).toEqual([]);
  });
});
