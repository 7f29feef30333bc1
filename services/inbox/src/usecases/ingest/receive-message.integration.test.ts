import { eq } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { inboundMessageSchema } from '@inbox/whatsapp';
import { openForTestFile } from '@inbox/platform/testing';
import { ingestBatchRepository } from '../../db/repositories/ingest-batch.repository';
import { contacts, conversations } from '../../db/schema';
import { createInboxTestbed } from '../../testing/testbed';
import { ingestMessagesWebhook } from './ingest-messages-webhook';
import { receiveMessage } from './receive-message';
import {
  conversationsOf,
  eventsOf,
  messagesOf,
  messagesValue,
  orgWithChannel,
  text,
  unixSeconds,
} from '../../testing/webhook-builders';

const CUSTOMER = '16505551234';

const testbed = openForTestFile(createInboxTestbed);
afterEach(() => jest.restoreAllMocks());

async function setStatus(id: string, status: string, assignedTo: string | null = null) {
  await testbed.deps.db.update(conversations).set({ status, assignedTo }).where(eq(conversations.id, id));
}

describe('receiving a customer message', () => {
  it("creates a new contact's contact, OPEN conversation, message and events", async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const sentAt = new Date('2026-03-01T10:00:00Z');
    const message = text(CUSTOMER, 'Does it come in another color?', { timestamp: unixSeconds(sentAt) });
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [message], profiles: { [CUSTOMER]: 'Sheena Nelson' } }),
    );

    const [contact] = await testbed.deps.db.select().from(contacts).where(eq(contacts.orgId, orgId));
    expect(contact).toMatchObject({ waId: CUSTOMER, profileName: 'Sheena Nelson', name: null });
    const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(conversation).toMatchObject({
      status: 'OPEN',
      origin: 'CUSTOMER',
      unreadCount: 1,
      lastMessagePreview: 'Does it come in another color?',
      lastMessageDirection: 'inbound',
      lastMessageAt: sentAt,
      lastCustomerMessageAt: sentAt,
    });
    const [stored] = await messagesOf(testbed, orgId);
    expect(stored).toMatchObject({
      conversationId: conversation.id,
      direction: 'inbound',
      sender: 'customer',
      type: 'text',
      text: 'Does it come in another color?',
      status: 'RECEIVED',
      providerMessageId: message.id,
      providerTimestamp: sentAt,
      createdAt: sentAt,
    });
    const events = await eventsOf(testbed, orgId);
    expect(events.map((e) => e.type)).toEqual([
      INBOX_EVENTS.conversationCreated,
      INBOX_EVENTS.messageReceived,
    ]);
    expect(events[0].data).toMatchObject({
      conversationId: conversation.id,
      waId: CUSTOMER,
      status: 'OPEN',
      origin: 'CUSTOMER',
    });
    expect(events[1].data).toMatchObject({
      conversationId: conversation.id,
      messageId: stored.id,
      providerMessageId: message.id,
      type: 'text',
      text: 'Does it come in another color?',
      sentAt: sentAt.toISOString(),
    });
  });

  it('hands a new conversation to the bot when the bot is on', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed, { botEnabled: true });
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hi')] }),
    );
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].status).toBe('BOT_HANDLING');
  });

  it('stores a webhook delivered twice once', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const value = messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hello?')] });
    await ingestMessagesWebhook(testbed.deps, value);
    await ingestMessagesWebhook(testbed.deps, value);
    expect(await messagesOf(testbed, orgId)).toHaveLength(1);
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].unreadCount).toBe(1);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.messageReceived)).toHaveLength(1);
  });

  it('stores the same message processed five times at once once', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const message = inboundMessageSchema.parse(text(CUSTOMER, 'Are you open today?'));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        receiveMessage(testbed.deps, { orgId, message, profileName: 'Sheena' }),
      ),
    );
    expect(results.filter((r) => r.stored)).toHaveLength(1);
    expect(await messagesOf(testbed, orgId)).toHaveLength(1);
    const [conversation, ...others] = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(others).toHaveLength(0);
    expect(conversation.unreadCount).toBe(1);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.messageReceived)).toHaveLength(1);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.conversationCreated)).toHaveLength(1);
  });

  it("puts a new contact's first messages, processed at once, in ONE conversation", async () => {
    const { orgId } = await orgWithChannel(testbed);
    const first = inboundMessageSchema.parse(text(CUSTOMER, 'Hello'));
    const second = inboundMessageSchema.parse(text(CUSTOMER, 'I have a question'));
    await Promise.all([first, second].map((message) => receiveMessage(testbed.deps, { orgId, message })));
    const list = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(list).toHaveLength(1);
    expect(list[0].unreadCount).toBe(2);
    expect((await messagesOf(testbed, orgId)).map((m) => m.conversationId)).toEqual([list[0].id, list[0].id]);
  });

  it('retries once when another consumer started the conversation in the meantime', async () => {
    const { orgId } = await orgWithChannel(testbed);
    await receiveMessage(testbed.deps, { orgId, message: inboundMessageSchema.parse(text(CUSTOMER, 'One')) });
    // The lookup misses the other consumer's conversation once, as it would before that one commits.
    const find = jest
      .spyOn(ingestBatchRepository, 'lockActiveConversations')
      .mockResolvedValueOnce(new Map());
    const result = await receiveMessage(testbed.deps, {
      orgId,
      message: inboundMessageSchema.parse(text(CUSTOMER, 'Two')),
    });
    expect(find).toHaveBeenCalledTimes(2);
    expect(result.stored).toBe(true);
    const list = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(list).toHaveLength(1);
    expect(list[0].unreadCount).toBe(2);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.conversationCreated)).toHaveLength(1);
  });

  it('starts a sibling conversation after a CLOSED one, which stays closed', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Order 1')] }),
    );
    const [closed] = await conversationsOf(testbed, orgId, CUSTOMER);
    await setStatus(closed.id, 'CLOSED');
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Order 2')] }),
    );

    const list = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(list.map((c) => [c.id === closed.id, c.status])).toEqual([
      [true, 'CLOSED'],
      [false, 'OPEN'],
    ]);
    expect(list[0].unreadCount).toBe(1);
    const [, latest] = await messagesOf(testbed, orgId);
    expect(latest).toMatchObject({ text: 'Order 2', conversationId: list[1].id });
  });

  it.each([
    ['assigned', 'agent-1', 'HUMAN_HANDLING'],
    ['not assigned', null, 'OPEN'],
  ])('moves a conversation waiting for the customer back when %s', async (_label, assignedTo, expected) => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hi')] }),
    );
    const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
    await setStatus(conversation.id, 'WAITING_FOR_CUSTOMER', assignedTo);
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Here it is')] }),
    );

    const [after] = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(after).toMatchObject({ status: expected, assignedTo, unreadCount: 2 });
    const [changed] = await eventsOf(testbed, orgId, INBOX_EVENTS.conversationStatusChanged);
    expect(changed.data).toMatchObject({ from: 'WAITING_FOR_CUSTOMER', to: expected, by: 'customer' });
  });
});
