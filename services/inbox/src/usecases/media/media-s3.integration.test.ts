import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { blobStoreFromConfig, createLogger, InProcessBus, newId, type CallerContext } from '@inbox/platform';
import { startTestS3Server, type TestS3Server } from '@inbox/platform/testing';
import { subscribeMediaDownloads } from '../../consumers/media-downloads.consumer';
import { messages } from '../../db/schema';
import { makeMessage } from '../../testing/conversation-builders';
import { messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';

/** The media paths of send-media and media-downloads, with the blob store of a replicated inbox. */
const messaging = messagingFixture({ firstOrgId: 8901, internalHttp: true });
const { orgWithSimulator, openConversation, httpPort, headersFor, mediaOf, sent } = messaging;
const BUCKET = 'inbox-media';
let s3: TestS3Server;
let testbed: InboxTestbed;
let bus: InProcessBus;

beforeAll(async () => {
  s3 = await startTestS3Server();
  await s3.createBucket(BUCKET);
  testbed = await messaging.start();
  testbed.deps.blobs = blobStoreFromConfig({
    kind: 's3',
    ...s3,
    bucket: BUCKET,
    forcePathStyle: true,
    prefix: 'inbox/',
  });
  bus = new InProcessBus(createLogger('media-s3-test', 'silent'));
  await subscribeMediaDownloads(testbed.deps, bus);
}, 120_000);
afterAll(async () => {
  await bus?.close();
  await messaging.stop();
  await s3?.stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const stored = (orgId: number) => s3.contents(BUCKET, `inbox/org/${orgId}/`);

function upload(
  caller: CallerContext,
  conversationId: string,
  file: { bytes: Buffer; type: string; name: string },
) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`http://127.0.0.1:${httpPort()}/internal/conversations/${conversationId}/messages/media`, {
    method: 'POST',
    headers: headersFor(caller),
    body: form,
  });
}

async function settled(id: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await testbed.deps.db.select().from(messages).where(eq(messages.id, id));
    if (row.mediaStatus !== 'PENDING' || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('media in an S3 bucket', () => {
  it('stores an agent’s 6 MB document in parts, sends it to WhatsApp and serves it back', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const bytes = randomBytes(6 * 1024 * 1024);
    const res = await upload(agent, conversation.id, { bytes, type: 'application/pdf', name: 'catalog.pdf' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await stored(orgId)).toEqual({ objects: [`inbox/org/${orgId}/messages/${id}`], uploads: [] });
    const [wire] = await sent(sim);
    expect(sim.state.media.get(wire.body.document.id)).toMatchObject({ sha256: sha256(bytes) });
    const served = await mediaOf(agent, id);
    expect(served.status).toBe(200);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('refuses a file over its kind’s limit (413) mid-stream, leaving nothing in the bucket', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const big = await upload(agent, conversation.id, {
      bytes: randomBytes(5 * 1024 * 1024 + 1),
      type: 'image/jpeg',
      name: 'big.jpg',
    });
    expect(big.status).toBe(413);
    expect(await stored(orgId)).toEqual({ objects: [], uploads: [] });
  });

  it('downloads inbound media into the bucket, checked against its sha256, and serves it', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const bytes = randomBytes(64 * 1024);
    const answer = await fetch(`${sim.url}/_sim/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: conversation.waId,
        type: 'image',
        media: { mimeType: 'image/jpeg', dataBase64: bytes.toString('base64') },
      }),
    });
    const { mediaId } = (await answer.json()) as { mediaId: string };
    const message = await makeMessage(testbed.deps.db, conversation, {
      type: 'image',
      providerMessageId: `wamid.${newId()}`,
      providerMediaId: mediaId,
      mediaMimeType: 'image/jpeg',
      mediaStatus: 'PENDING',
    });
    await bus.publish([
      {
        envelope: {
          id: newId(),
          type: INBOX_EVENTS.mediaDownloadRequested,
          orgId,
          occurredAt: new Date().toISOString(),
          data: { messageId: message.id, providerMediaId: mediaId },
        },
      },
    ]);
    expect(await settled(message.id)).toMatchObject({ mediaStatus: 'READY', mediaSha256: sha256(bytes) });
    expect((await stored(orgId)).objects).toEqual([`inbox/org/${orgId}/messages/${message.id}`]);
    const served = await mediaOf(agent, message.id);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
