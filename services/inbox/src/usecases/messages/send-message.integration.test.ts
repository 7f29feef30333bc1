import { eq } from 'drizzle-orm';
import { newId } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import { openForTestFile } from '@inbox/platform/testing';
import { conversations, messages } from '../../db/schema';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';
import { makeMessage } from '../../testing/conversation-builders';
import { listMessages } from './list-messages';
import { sendMessage } from './send-message';

const messaging = messagingFixture({ firstOrgId: 7001, conversation: { assignedTo: 'agent-1' } });
const { orgWithSimulator, openConversation, sent, eventsOf } = messaging;
const testbed = openForTestFile(messaging.start);

const failNext = (sim: Simulator, to: string, code: number, times = 1) =>
  fetch(`${sim.url}/_sim/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, code, mode: 'sync', times }),
  });
const rowsOf = (conversationId: string) =>
  testbed.deps.db.select().from(messages).where(eq(messages.conversationId, conversationId));
const conversationRow = async (id: string) =>
  (await testbed.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const fails = (promise: Promise<unknown>, expected: Record<string, unknown>) =>
  expect(promise).rejects.toMatchObject(expected);

describe('sending a text', () => {
  it('sends the Cloud API body, stores the message SENT and moves the conversation to WAITING_FOR_CUSTOMER', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'Hola, ¿en qué te ayudo?',
    });

    const [wire] = await sent(sim);
    expect(wire.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: conversation.waId,
      type: 'text',
      text: { body: 'Hola, ¿en qué te ayudo?' },
      // Echoed back in status webhooks: they find the message even if this answer is lost.
      biz_opaque_callback_data: message.id,
    });
    expect(message).toMatchObject({
      status: 'SENT',
      providerMessageId: wire.wamid,
      direction: 'outbound',
      sender: 'agent',
      senderUserId: agent.userId,
    });
    const after = await conversationRow(conversation.id);
    expect(after).toMatchObject({
      status: 'WAITING_FOR_CUSTOMER',
      lastMessageDirection: 'outbound',
      lastMessagePreview: 'Hola, ¿en qué te ayudo?',
    });
    expect(await eventsOf(orgId, 'inbox.conversation.status_changed.v1')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          from: 'HUMAN_HANDLING',
          to: 'WAITING_FOR_CUSTOMER',
          by: 'agent',
          reason: 'agent_message',
        }),
      }),
    ]);
    expect(await eventsOf(orgId, 'inbox.message.sent.v1')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          messageId: message.id,
          providerMessageId: wire.wamid,
          sender: 'agent',
        }),
      }),
    ]);
  });

  it('quotes a message of the conversation and asks for a link preview', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const quoted = await makeMessage(testbed.deps.db, conversation, {
      providerMessageId: `wamid.${newId()}`,
    });
    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'See https://example.com',
      previewUrl: true,
      replyToMessageId: quoted.id,
    });
    const [wire] = await sent(sim);
    expect(wire.body).toMatchObject({
      context: { message_id: quoted.providerMessageId },
      text: { body: 'See https://example.com', preview_url: true },
    });
    expect(message.content).toEqual({ previewUrl: true, replyToMessageId: quoted.id });

    const elsewhere = await makeMessage(testbed.deps.db, await openConversation(orgId), {
      providerMessageId: `wamid.${newId()}`,
    });
    const invalidReply = sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'x',
      replyToMessageId: elsewhere.id,
    });
    await fails(invalidReply, {
      kind: 'invalid',
      fields: [expect.objectContaining({ path: 'replyToMessageId' })],
    });
  });

  it('sends reply buttons in the platform shape and keeps the REST shape as content', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const interactive = {
      type: 'button',
      body: 'Reschedule?',
      buttons: [
        { id: 'yes', title: 'Yes' },
        { id: 'no', title: 'No' },
      ],
    };
    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'interactive',
      interactiveJson: JSON.stringify(interactive),
    });
    const [wire] = await sent(sim);
    expect(wire.body.interactive).toEqual({
      type: 'button',
      body: { text: 'Reschedule?' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
          { type: 'reply', reply: { id: 'no', title: 'No' } },
        ],
      },
    });
    expect(message).toMatchObject({ type: 'interactive', status: 'SENT', content: { interactive } });

    const tooMany = { ...interactive, buttons: [1, 2, 3, 4].map((n) => ({ id: `b${n}`, title: `B${n}` })) };
    const refused = sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'interactive',
      interactiveJson: JSON.stringify(tooMany),
    });
    await fails(refused, {
      kind: 'invalid',
      fields: [expect.objectContaining({ path: 'interactive.buttons' })],
    });
    expect(await sent(sim)).toHaveLength(1);
  });

  it('validates the text before anything is stored', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    for (const text of ['', 'x'.repeat(4097)]) {
      await fails(sendMessage(testbed.deps, agent, { conversationId: conversation.id, type: 'text', text }), {
        code: 'VALIDATION_FAILED',
      });
    }
    await fails(sendMessage(testbed.deps, agent, { conversationId: conversation.id, type: 'sticker' }), {
      code: 'VALIDATION_FAILED',
    });
    expect(await rowsOf(conversation.id)).toHaveLength(0);
  });
});

describe('refusals', () => {
  it('refuses outside the 24-hour window and stores nothing', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId, {
      lastCustomerMessageAt: new Date(Date.now() - 25 * HOUR),
    });
    await fails(
      sendMessage(testbed.deps, agent, { conversationId: conversation.id, type: 'text', text: 'Hi' }),
      { code: 'WINDOW_CLOSED', kind: 'conflict' },
    );
    const never = await openConversation(orgId, { lastCustomerMessageAt: null });
    await fails(sendMessage(testbed.deps, agent, { conversationId: never.id, type: 'text', text: 'Hi' }), {
      code: 'WINDOW_CLOSED',
    });
    expect(await rowsOf(conversation.id)).toHaveLength(0);
    expect(await conversationRow(conversation.id)).toMatchObject({
      status: 'HUMAN_HANDLING',
      lastMessageDirection: null,
    });
    expect(await sent(sim)).toHaveLength(0);
  });

  it('refuses a CLOSED conversation with INVALID_TRANSITION', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId, { status: 'CLOSED' });
    await fails(
      sendMessage(testbed.deps, agent, { conversationId: conversation.id, type: 'text', text: 'Hi' }),
      { code: 'INVALID_TRANSITION' },
    );
    expect(await rowsOf(conversation.id)).toHaveLength(0);
  });

  it('answers 404 for another organization’s conversation', async () => {
    const { orgId } = await orgWithSimulator();
    const other = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    await fails(
      sendMessage(testbed.deps, other.agent, { conversationId: conversation.id, type: 'text', text: 'Hi' }),
      { kind: 'not_found' },
    );
    await fails(listMessages(testbed.deps, other.agent, { conversationId: conversation.id }), {
      kind: 'not_found',
    });
    expect(await sent(other.sim)).toHaveLength(0);
  });
});

describe('idempotency', () => {
  it('answers the first message to a repeat, sending once, and refuses the key for another request', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const request = {
      conversationId: conversation.id,
      type: 'text',
      text: 'Once only',
      idempotencyKey: 'key-1',
    };
    const first = await sendMessage(testbed.deps, agent, request);
    const again = await sendMessage(testbed.deps, agent, request);
    expect(again).toEqual(first);
    expect(await sent(sim)).toHaveLength(1);
    expect(await rowsOf(conversation.id)).toHaveLength(1);
    // A retry that comes after the window closed still gets the answer the first request got.
    await testbed.deps.db
      .update(conversations)
      .set({ lastCustomerMessageAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(conversations.id, conversation.id));
    expect(await sendMessage(testbed.deps, agent, request)).toEqual(first);

    await fails(sendMessage(testbed.deps, agent, { ...request, text: 'Something else' }), {
      code: 'IDEMPOTENCY_KEY_REUSED',
      kind: 'conflict',
    });
    await fails(sendMessage(testbed.deps, agent, { ...request, previewUrl: true }), {
      code: 'IDEMPOTENCY_KEY_REUSED',
    });

    // Keys belong to an organization: another one may use the same key.
    const other = await orgWithSimulator();
    const theirs = await sendMessage(testbed.deps, other.agent, {
      ...request,
      conversationId: (await openConversation(other.orgId)).id,
    });
    expect(theirs.id).not.toBe(first.id);
  });

  it('sends once when two requests with one key race', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const request = {
      conversationId: conversation.id,
      type: 'text',
      text: 'Race',
      idempotencyKey: 'race-key',
    };
    const [a, b] = await Promise.all([
      sendMessage(testbed.deps, agent, request),
      sendMessage(testbed.deps, agent, request),
    ]);
    expect(a.id).toBe(b.id);
    expect(await sent(sim)).toHaveLength(1);
  });
});

describe('platform errors', () => {
  it('stores FAILED with the platform’s code on a permanent error', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    await failNext(sim, conversation.waId, 131026);
    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'Hi',
    });
    expect(message).toMatchObject({ status: 'FAILED', errorCode: 131026, providerMessageId: null });
    expect(message.errorTitle).toBeTruthy();
    expect(await eventsOf(orgId, 'inbox.message.sent.v1')).toHaveLength(0);
    expect(await eventsOf(orgId, 'inbox.message.updated.v1')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ changes: ['status'] }) }),
    ]);
  });

  it('retries a rate limit and stores SENT', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    await failNext(sim, conversation.waId, 130429);
    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'Hi',
    });
    expect(message).toMatchObject({ status: 'SENT', errorCode: null });
    const [rule] = ((await (await fetch(`${sim.url}/_sim/failures`)).json()) as { data: unknown[] }).data;
    expect(rule).toBeUndefined(); // the one failure was used by the first attempt
    expect(await sent(sim)).toHaveLength(1);
  });

  it('gives up after three retries of a transient error', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    await failNext(sim, conversation.waId, 131000, 4);
    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'Hi',
    });
    expect(message).toMatchObject({ status: 'FAILED', errorCode: 131000 });
    expect(await sent(sim)).toHaveLength(0);
  }, 20_000);
});
