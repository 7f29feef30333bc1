import { and, eq } from 'drizzle-orm';
import { newId, type CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import type { MessageRow } from '../../db/repositories/messages.repository';
import { messages } from '../../db/schema';
import { messageHandlers } from '../../grpc/messages.handlers';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';
import { makeMessage } from '../../testing/conversation-builders';
import { listMessages } from './list-messages';
import { reactToMessage } from './react-to-message';
import { toggleHide } from './toggle-hide';

const messaging = messagingFixture({ firstOrgId: 7501, conversation: { assignedTo: 'agent-1' } });
const { orgWithSimulator, openConversation, sent, eventsOf } = messaging;
const testbed = openForTestFile(messaging.start);

const fails = (promise: Promise<unknown>, expected: Record<string, unknown>) =>
  expect(promise).rejects.toMatchObject(expected);

describe('reactions', () => {
  it('reacts to a customer’s message and removes the reaction', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const target = await makeMessage(testbed.deps.db, conversation, {
      providerMessageId: `wamid.${newId()}`,
    });
    expect(await reactToMessage(testbed.deps, agent, { messageId: target.id, emoji: '👍' })).toMatchObject({
      reaction: '👍',
    });
    expect(await reactToMessage(testbed.deps, agent, { messageId: target.id, emoji: '' })).toMatchObject({
      reaction: null,
    });
    expect((await sent(sim)).map((s) => s.body.reaction)).toEqual([
      { message_id: target.providerMessageId, emoji: '👍' },
      { message_id: target.providerMessageId, emoji: '' },
    ]);
    expect(await eventsOf(orgId, 'inbox.message.updated.v1')).toHaveLength(2);
  });

  it('refuses what cannot take a reaction', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const target = await makeMessage(testbed.deps.db, conversation, {
      providerMessageId: `wamid.${newId()}`,
    });
    await fails(reactToMessage(testbed.deps, agent, { messageId: target.id, emoji: 'ok' }), {
      code: 'VALIDATION_FAILED',
    });
    await fails(reactToMessage(testbed.deps, agent, { messageId: target.id, emoji: '👍👍' }), {
      code: 'VALIDATION_FAILED',
    });
    const unsent = await makeMessage(testbed.deps.db, conversation, {
      direction: 'outbound',
      status: 'FAILED',
    });
    await fails(reactToMessage(testbed.deps, agent, { messageId: unsent.id, emoji: '👍' }), {
      code: 'MESSAGE_NOT_SENT',
    });
    const stale = await openConversation(orgId, { lastCustomerMessageAt: new Date(Date.now() - 30 * HOUR) });
    const old = await makeMessage(testbed.deps.db, stale, { providerMessageId: `wamid.${newId()}` });
    await fails(reactToMessage(testbed.deps, agent, { messageId: old.id, emoji: '👍' }), {
      code: 'WINDOW_CLOSED',
    });
    const other = await orgWithSimulator();
    await fails(reactToMessage(testbed.deps, other.agent, { messageId: target.id, emoji: '👍' }), {
      kind: 'not_found',
    });
  });
});

describe('listing and hiding', () => {
  it('pages newest first with an opaque cursor and keeps hidden messages, flagged', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const base = Date.parse('2026-03-01T10:00:00Z');
    // Two messages share a timestamp: the id breaks the tie, so none is skipped or repeated.
    const made: MessageRow[] = [];
    for (const offset of [0, 1000, 1000, 2000])
      made.push(await makeMessage(testbed.deps.db, conversation, { createdAt: new Date(base + offset) }));
    await toggleHide(testbed.deps, agent, made[1].id);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMessages(testbed.deps, agent, {
        conversationId: conversation.id,
        cursor,
        limit: 2,
      });
      expect(page.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const expected = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((m) => m.id);
    expect(seen).toEqual(expected);

    const all = await listMessages(testbed.deps, agent, { conversationId: conversation.id });
    expect(all.rows.find((r) => r.id === made[1].id)).toMatchObject({ hidden: true });
    expect(all.nextCursor).toBeNull();
    await fails(listMessages(testbed.deps, agent, { conversationId: conversation.id, cursor: 'nonsense' }), {
      code: 'VALIDATION_FAILED',
    });
  });

  it('toggles hidden both ways, records it, and hides nothing of another organization', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const message = await makeMessage(testbed.deps.db, await openConversation(orgId));
    expect(await toggleHide(testbed.deps, agent, message.id)).toMatchObject({ hidden: true });
    expect(await toggleHide(testbed.deps, agent, message.id)).toMatchObject({ hidden: false });
    expect((await eventsOf(orgId, 'inbox.message.updated.v1')).map((e) => e.data.changes)).toEqual([
      ['hidden'],
      ['hidden'],
    ]);
    const other = await orgWithSimulator();
    await fails(toggleHide(testbed.deps, other.agent, message.id), { kind: 'not_found' });
    const [row] = await testbed.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, message.id)));
    expect(row.hidden).toBe(false);
  });
});

describe('gRPC handlers', () => {
  it('answers messages in the proto shape, the sender of a key without a user being the system', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const handlers = messageHandlers(testbed.deps);
    const conversation = await openConversation(orgId);
    const key: CallerContext = {
      orgId,
      kind: 'API_KEY',
      principalId: 'key-1',
      role: 'AGENT',
      userId: null,
      requestId: newId(),
    };
    const sentByKey = await handlers.SendMessage(
      { conversationId: conversation.id, type: 'text', text: 'Automated', previewUrl: false },
      key,
    );
    expect(sentByKey).toMatchObject({
      sender: 'system',
      status: 'SENT',
      type: 'text',
      text: 'Automated',
      hidden: false,
    });
    expect(sentByKey.senderUserId).toBeUndefined();
    expect((await eventsOf(orgId, 'inbox.conversation.status_changed.v1')).map((e) => e.data.by)).toEqual([
      'system',
    ]);
    const page = await handlers.ListMessages({ conversationId: conversation.id, limit: 0 }, agent);
    expect(page.data.map((m) => m.id)).toEqual([sentByKey.id]);
    expect(page.nextCursor).toBeUndefined();
    expect(await handlers.ToggleHide({ id: sentByKey.id! }, agent)).toMatchObject({ hidden: true });
  });
});
