import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { conversationTags } from '../../db/schema';
import { conversationActionHandlers } from '../../grpc/conversation-actions.handlers';
import { openForTestFile } from '@inbox/platform/testing';
import { createInboxTestbed } from '../../testing/testbed';
import { makeMessage } from '../../testing/conversation-builders';
import { ensureChannel } from '../settings/ensure-channel';
import { addConversationTag } from './add-conversation-tag';
import { clearFollowUp } from './clear-follow-up';
import { eventsOf as recorded, failure, organizations } from '../../testing/conversation-test-kit';
import { markConversationRead } from './mark-conversation-read';
import { removeConversationTag } from './remove-conversation-tag';
import { setFollowUp } from './set-follow-up';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** A stand-in for the Graph API: records what is posted and answers as told. */
const graph = { posts: [] as Array<{ path: string; body: Record<string, unknown> }>, status: 200, url: '' };
let server: Server;
const tb = openForTestFile(createInboxTestbed);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      graph.posts.push({ path: req.url ?? '', body: JSON.parse(body || '{}') });
      res.writeHead(graph.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          graph.status === 200
            ? { success: true }
            : { error: { message: 'down', code: 1, type: 'OAuthException' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  graph.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const org = organizations(tb, 9000);
const eventsOf = (orgId: number) => recorded(tb, orgId);
const receiptsFor = (phoneNumberId: string) =>
  graph.posts.filter((p) => p.path === `/v23.0/${phoneNumberId}/messages`);

/** The receipt is sent in the background: waits (up to 2 s) until `done`. */
async function eventually<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100 && !done(read()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return read();
}

describe('mark read', () => {
  async function unreadConversation() {
    const o = org();
    const phoneNumberId = `PN${o.orgId}`;
    await ensureChannel(tb.deps, o.orgId, {
      phoneNumberId,
      wabaId: 'W',
      accessToken: 't',
      apiBaseUrl: graph.url,
      apiVersion: 'v23.0',
    });
    const row = await o.make({ status: 'OPEN', unreadCount: 3 });
    await makeMessage(tb.deps.db, row, { providerMessageId: 'wamid.OLD', createdAt: hoursAgo(3) });
    await makeMessage(tb.deps.db, row, { providerMessageId: 'wamid.LATEST', createdAt: hoursAgo(2) });
    await makeMessage(tb.deps.db, row, {
      direction: 'outbound',
      providerMessageId: 'wamid.OURS',
      createdAt: hoursAgo(1),
    });
    return { ...o, row, phoneNumberId };
  }

  it('clears the unread count and sends one read receipt for the customer’s latest message', async () => {
    graph.status = 200;
    const o = await unreadConversation();
    expect((await markConversationRead(tb.deps, o.agent, o.row.id)).row.unreadCount).toBe(0);
    const receipts = await eventually(
      () => receiptsFor(o.phoneNumberId),
      (r) => r.length > 0,
    );
    expect(receipts.map((r) => r.body)).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.LATEST' },
    ]);
    expect(await eventsOf(o.orgId)).toEqual([
      {
        type: 'conversation.updated',
        data: { conversationId: o.row.id, waId: o.row.waId, changes: ['unreadCount'], actorId: o.me },
      },
    ]);
    // Nothing unread: nothing to tell the phone, nothing to record.
    await markConversationRead(tb.deps, o.agent, o.row.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiptsFor(o.phoneNumberId)).toHaveLength(1);
    expect(await eventsOf(o.orgId)).toHaveLength(1);
  });

  it('marks read even when the platform refuses the receipt or no channel is configured', async () => {
    graph.status = 500;
    const o = await unreadConversation();
    expect((await markConversationRead(tb.deps, o.agent, o.row.id)).row.unreadCount).toBe(0);
    await eventually(
      () => receiptsFor(o.phoneNumberId),
      (r) => r.length > 0,
    );
    const noChannel = org();
    const row = await noChannel.make({ unreadCount: 1 });
    await makeMessage(tb.deps.db, row, { providerMessageId: `wamid.${noChannel.orgId}` });
    expect((await markConversationRead(tb.deps, noChannel.agent, row.id)).row.unreadCount).toBe(0);
  });
});

describe('follow-up', () => {
  it('flags with a note, replaces the note, and clears both', async () => {
    const o = org();
    const row = await o.make();
    expect((await setFollowUp(tb.deps, o.agent, row.id, ' Call back Monday ')).row).toMatchObject({
      followUp: true,
      followUpNote: 'Call back Monday',
    });
    expect((await setFollowUp(tb.deps, o.agent, row.id)).row).toMatchObject({
      followUp: true,
      followUpNote: null,
    });
    expect((await clearFollowUp(tb.deps, o.agent, row.id)).row).toMatchObject({
      followUp: false,
      followUpNote: null,
    });
    expect((await eventsOf(o.orgId)).map((e) => e.data.changes)).toEqual([
      ['followUp', 'followUpNote'],
      ['followUpNote'],
      ['followUp'],
    ]);
    expect(await failure(setFollowUp(tb.deps, o.agent, row.id, 'x'.repeat(1001)))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('conversation tags', () => {
  const tagRows = (id: string) =>
    tb.deps.db.select().from(conversationTags).where(eq(conversationTags.conversationId, id));

  it('adds a tag once however often it is added, and removes it', async () => {
    const o = org();
    const row = await o.make();
    const tag = tb.directory.addTag(o.orgId);
    const api = conversationActionHandlers(tb.deps);
    expect((await api.AddConversationTag({ conversationId: row.id, tagId: tag }, o.agent)).tagIds).toEqual([
      tag,
    ]);
    expect((await addConversationTag(tb.deps, o.agent, row.id, tag)).tagIds).toEqual([tag]);
    expect(await tagRows(row.id)).toHaveLength(1);
    expect((await removeConversationTag(tb.deps, o.agent, row.id, tag)).tagIds).toEqual([]);
    // Removing a tag that is not there is a no-op.
    await removeConversationTag(tb.deps, o.agent, row.id, tag);
    expect((await eventsOf(o.orgId)).map((e) => [e.type, e.data.changes])).toEqual([
      ['conversation.updated', ['tagIds']],
      ['conversation.updated', ['tagIds']],
    ]);
  });

  it('refuses tags and conversations of another organization with a 404', async () => {
    const o = org();
    const other = org();
    const row = await o.make();
    const theirTag = tb.directory.addTag(other.orgId);
    expect(await failure(addConversationTag(tb.deps, o.agent, row.id, theirTag))).toMatchObject({
      kind: 'not_found',
      message: 'Tag not found',
    });
    const theirRow = await other.make({ tagIds: [theirTag] });
    const myTag = tb.directory.addTag(o.orgId);
    expect(await failure(addConversationTag(tb.deps, o.agent, theirRow.id, myTag))).toMatchObject({
      message: 'Conversation not found',
    });
    expect(await failure(removeConversationTag(tb.deps, o.agent, theirRow.id, theirTag))).toMatchObject({
      message: 'Conversation not found',
    });
    expect(await tagRows(theirRow.id)).toEqual([expect.objectContaining({ tagId: theirTag })]);
    expect(await tagRows(row.id)).toEqual([]);
  });
});
