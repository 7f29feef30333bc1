import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INBOX_EVENTS, QUEUES } from '@inbox/contracts';
import { createLogger, InProcessBus, newId } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import { subscribeMediaDownloads } from '../../consumers/media-downloads.consumer';
import type { MessageRow } from '../../db/repositories/messages.repository';
import { messages } from '../../db/schema';
import { messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';
import { makeMessage } from '../../testing/conversation-builders';
import { sameSha256 } from './download-message-media';
import { retryMedia, STUCK_PENDING_MS } from './retry-media';

const messaging = messagingFixture({ firstOrgId: 8501, internalHttp: true });
const { orgWithSimulator, openConversation, mediaOf, blobsOf } = messaging;
let testbed: InboxTestbed;
let bus: InProcessBus;
beforeAll(async () => {
  testbed = await messaging.start();
  bus = new InProcessBus(createLogger('media-test', 'silent'));
  await subscribeMediaDownloads(testbed.deps, bus);
});
afterAll(async () => {
  await bus?.close();
  await messaging.stop();
});

const db = () => testbed.deps.db;

const messageRow = async (id: string) => (await db().select().from(messages).where(eq(messages.id, id)))[0];
/** An inbound media message as ingestion stores it: PENDING, with the platform's media id. */
async function inboundMedia(
  orgId: number,
  sim: Simulator,
  bytes: Buffer,
  extra: Partial<typeof messages.$inferInsert> = {},
) {
  const conversation = await openConversation(orgId);
  const res = await fetch(`${sim.url}/_sim/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      from: conversation.waId,
      type: 'image',
      media: { mimeType: 'image/jpeg', dataBase64: bytes.toString('base64') },
    }),
  });
  const { mediaId } = (await res.json()) as { mediaId: string };
  return makeMessage(db(), conversation, {
    type: 'image',
    providerMessageId: `wamid.${newId()}`,
    providerMediaId: mediaId,
    mediaMimeType: 'image/jpeg',
    mediaStatus: 'PENDING',
    ...extra,
  });
}

const requestDownload = (message: MessageRow, orgId = message.orgId) =>
  bus.publish([
    {
      envelope: {
        id: newId(),
        type: INBOX_EVENTS.mediaDownloadRequested,
        orgId,
        occurredAt: new Date().toISOString(),
        data: { messageId: message.id, providerMediaId: message.providerMediaId! },
      },
    },
  ]);

async function settled(id: string, timeoutMs = 15_000): Promise<MessageRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await messageRow(id);
    if (row.mediaStatus !== 'PENDING' || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('downloading inbound media', () => {
  it('stores the bytes, checks the sha256 (hex or base64) and marks the media READY', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const bytes = randomBytes(2048);
    const hex = createHash('sha256').update(bytes).digest('hex');
    const message = await inboundMedia(orgId, sim, bytes);
    await requestDownload(message);
    expect(await settled(message.id)).toMatchObject({
      mediaStatus: 'READY',
      mediaSize: bytes.length,
      mediaSha256: hex,
      mediaError: null,
    });
    const served = await mediaOf(agent, message.id);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(
      (await testbed.recordedEvents()).filter(
        (e) => e.orgId === orgId && e.type === INBOX_EVENTS.messageUpdated,
      ),
    ).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ messageId: message.id, changes: ['media'] }),
      }),
    ]);

    // A redelivery finds the work done and records nothing more.
    await requestDownload(message);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      (await testbed.recordedEvents()).filter(
        (e) => e.orgId === orgId && e.type === INBOX_EVENTS.messageUpdated,
      ),
    ).toHaveLength(1);

    const other = await inboundMedia(orgId, sim, bytes);
    sim.state.media.get(other.providerMediaId!)!.sha256 = Buffer.from(hex, 'hex').toString('base64');
    await requestDownload(other);
    expect(await settled(other.id)).toMatchObject({ mediaStatus: 'READY', mediaSha256: hex });
  });

  it('retries a sha256 mismatch or a missing media and marks it FAILED on the last attempt', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const tampered = await inboundMedia(orgId, sim, randomBytes(100));
    sim.state.media.get(tampered.providerMediaId!)!.sha256 = 'f'.repeat(64);
    const missing = await inboundMedia(orgId, sim, randomBytes(100), { providerMediaId: '999999999' });
    await requestDownload(tampered);
    await requestDownload(missing);
    await new Promise((r) => setTimeout(r, 700));
    // Still PENDING after the first failures: they are retried, not given up on.
    expect((await messageRow(tampered.id)).mediaStatus).toBe('PENDING');
    const [a, b] = await Promise.all([settled(tampered.id), settled(missing.id)]);
    expect(a).toMatchObject({
      mediaStatus: 'FAILED',
      mediaError: expect.stringContaining('sha256 mismatch'),
    });
    expect(b).toMatchObject({ mediaStatus: 'FAILED', mediaError: expect.stringMatching(/^\(#100\)/) });
    expect(await bus.deadLetters(QUEUES.inboxMedia)).toEqual([]);
    expect(blobsOf(orgId)).toEqual([]);
    expect(await (await mediaOf(agent, tampered.id)).json()).toMatchObject({
      status: 409,
      code: 'MEDIA_NOT_READY',
    });

    // retry-media puts it back to PENDING and asks again; this time the platform's hash is right.
    sim.state.media.get(tampered.providerMediaId!)!.sha256 = createHash('sha256')
      .update(sim.state.media.get(tampered.providerMediaId!)!.bytes!)
      .digest('hex');
    const retried = await retryMedia(testbed.deps, agent, tampered.id);
    expect(retried).toMatchObject({ mediaStatus: 'PENDING', mediaError: null });
    const requested = (await testbed.recordedEvents()).filter(
      (e) => e.orgId === orgId && e.type === INBOX_EVENTS.mediaDownloadRequested,
    );
    expect(requested).toEqual([
      expect.objectContaining({
        data: { messageId: tampered.id, providerMediaId: tampered.providerMediaId },
      }),
    ]);
    await requestDownload(tampered);
    expect(await settled(tampered.id)).toMatchObject({ mediaStatus: 'READY' });
  }, 30_000);

  it('ignores a job whose organization is not the message’s', async () => {
    const { orgId, sim } = await orgWithSimulator();
    const message = await inboundMedia(orgId, sim, randomBytes(10));
    await requestDownload(message, orgId + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await messageRow(message.id)).mediaStatus).toBe('PENDING');
  });
});

describe('retry-media', () => {
  it('refuses what is not a failed or stuck inbound download, and other organizations', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const notRetryable = { code: 'MEDIA_NOT_RETRYABLE', kind: 'conflict' };
    const ready = await inboundMedia(orgId, sim, randomBytes(10), { mediaStatus: 'READY' });
    await expect(retryMedia(testbed.deps, agent, ready.id)).rejects.toMatchObject(notRetryable);
    const fresh = await inboundMedia(orgId, sim, randomBytes(10), {
      updatedAt: new Date(Date.now() - STUCK_PENDING_MS + 60_000),
    });
    await expect(retryMedia(testbed.deps, agent, fresh.id)).rejects.toMatchObject(notRetryable);
    const text = await makeMessage(db(), await openConversation(orgId));
    await expect(retryMedia(testbed.deps, agent, text.id)).rejects.toMatchObject(notRetryable);
    const outbound = await makeMessage(db(), await openConversation(orgId), {
      direction: 'outbound',
      type: 'image',
      mediaStatus: 'FAILED',
    });
    await expect(retryMedia(testbed.deps, agent, outbound.id)).rejects.toMatchObject(notRetryable);

    const stuck = await inboundMedia(orgId, sim, randomBytes(10), {
      updatedAt: new Date(Date.now() - STUCK_PENDING_MS - 60_000),
    });
    expect(await retryMedia(testbed.deps, agent, stuck.id)).toMatchObject({ mediaStatus: 'PENDING' });
    const failed = await inboundMedia(orgId, sim, randomBytes(10), {
      mediaStatus: 'FAILED',
      mediaError: 'x',
    });
    const other = await orgWithSimulator();
    await expect(retryMedia(testbed.deps, other.agent, failed.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect((await mediaOf(other.agent, failed.id)).status).toBe(404);
  });
});

describe('sha256 forms', () => {
  it('accepts the digest as hex in any case or as base64, and nothing else', () => {
    const hex = createHash('sha256').update('x').digest('hex');
    expect(sameSha256(hex.toUpperCase(), hex)).toBe(true);
    expect(sameSha256(Buffer.from(hex, 'hex').toString('base64'), hex)).toBe(true);
    expect(sameSha256(createHash('sha256').update('y').digest('base64'), hex)).toBe(false);
    expect(sameSha256('f'.repeat(64), hex)).toBe(false);
  });
});
