import { and, eq, inArray } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { serviceCaller, type CallerContext } from '@inbox/platform';
import { inboundMessageSchema } from '@inbox/whatsapp';
import { contacts, conversations, messages } from '../../db/schema';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';
import { orderReady, simControl } from '../../testing/template-send-builders';
import { text } from '../../testing/webhook-builders';
import { resolveConversation } from '../conversations/resolve-conversation';
import { receiveMessages } from '../ingest/receive-message';
import { sendMessage } from './send-message';
import { sendTemplateMessage } from './send-template-message';

const messaging = messagingFixture({ firstOrgId: 9201, conversation: { assignedTo: 'agent-1' } });
const { orgWithSimulator, openConversation, sent, eventsOf } = messaging;
let testbed: InboxTestbed;
beforeAll(async () => {
  testbed = await messaging.start();
});
afterAll(() => messaging.stop());

const conversationRow = async (id: string) =>
  (await testbed.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const conversationsOf = (orgId: number, waIds: string[]) =>
  testbed.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.orgId, orgId), inArray(conversations.waId, waIds)));
const contactsOf = (orgId: number) =>
  testbed.deps.db.select().from(contacts).where(eq(contacts.orgId, orgId));
const messageRow = async (id: string) =>
  (await testbed.deps.db.select().from(messages).where(eq(messages.id, id)))[0];

/** The customer writes back (the ingestion path the webhook consumer uses). */
const reply = (orgId: number, from: string, body = 'Sí, gracias') =>
  receiveMessages(testbed.deps, [{ orgId, message: inboundMessageSchema.parse(text(from, body)) }]);

describe('a template to a conversation', () => {
  it('is sent outside the 24-hour window, where a text is still refused', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId, {
      lastCustomerMessageAt: new Date(Date.now() - 30 * HOUR),
    });
    await expect(
      sendMessage(testbed.deps, agent, { conversationId: conversation.id, type: 'text', text: 'Hola' }),
    ).rejects.toMatchObject({ code: 'WINDOW_CLOSED' });

    const { message, conversationCreated } = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ conversationId: conversation.id }),
    );

    const [wire] = await sent(sim);
    expect(wire.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: conversation.waId,
      type: 'template',
      template: {
        name: 'order_ready',
        language: { code: 'es_MX' },
        components: JSON.parse(orderReady({ phone: '' }).componentsJson),
      },
      biz_opaque_callback_data: message.id,
    });
    expect(conversationCreated).toBe(false);
    expect(message).toMatchObject({
      conversationId: conversation.id,
      type: 'template',
      text: 'Hola Ana, tu pedido A-17 está listo',
      status: 'SENT',
      providerMessageId: wire.wamid,
      sender: 'agent',
      senderUserId: agent.userId,
      content: {
        template: {
          id: 'tpl-order-ready',
          name: 'order_ready',
          language: 'es_MX',
          category: 'UTILITY',
          inboxCategory: null,
        },
      },
    });
    expect(await conversationRow(conversation.id)).toMatchObject({
      status: 'WAITING_FOR_CUSTOMER',
      lastMessagePreview: 'Hola Ana, tu pedido A-17 está listo',
      lastMessageDirection: 'outbound',
    });
    const [sentEvent] = await eventsOf(orgId, INBOX_EVENTS.messageSent);
    expect(sentEvent.data).toMatchObject({ messageId: message.id, type: 'template' });
  });

  it("is 404 for another organization's conversation, and writes nothing", async () => {
    const { orgId } = await orgWithSimulator();
    const other = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    await expect(
      sendTemplateMessage(testbed.deps, other.agent, orderReady({ conversationId: conversation.id })),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(await contactsOf(other.orgId)).toEqual([]);
  });

  it('to a closed conversation goes to a new one (origin TEMPLATE): a closed one is never reopened', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const closed = await openConversation(orgId, { status: 'CLOSED', closedAt: new Date() });
    const { message, conversationCreated } = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ conversationId: closed.id }),
    );
    expect(conversationCreated).toBe(true);
    expect(message.conversationId).not.toBe(closed.id);
    expect(await conversationRow(message.conversationId)).toMatchObject({
      waId: closed.waId,
      origin: 'TEMPLATE',
      status: 'WAITING_FOR_CUSTOMER',
      assignedTo: null,
    });
    expect((await conversationRow(closed.id)).status).toBe('CLOSED');

    // With an active successor already there, the template goes to it.
    const again = await sendTemplateMessage(testbed.deps, agent, orderReady({ conversationId: closed.id }));
    expect(again).toMatchObject({
      conversationCreated: false,
      message: { conversationId: message.conversationId },
    });
  });
});

describe('a template to a phone number', () => {
  it('reaches one contact and one conversation whether Mexico is written +52 1 55… or +52 55…', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const first = await sendTemplateMessage(testbed.deps, agent, orderReady({ phone: '+52 1 55 1234 5678' }));
    const second = await sendTemplateMessage(testbed.deps, agent, orderReady({ phone: '+52 55 1234-5678' }));

    expect(first.conversationCreated).toBe(true);
    expect(second).toMatchObject({
      conversationCreated: false,
      message: { conversationId: first.message.conversationId },
    });
    expect((await contactsOf(orgId)).map((c) => c.waId)).toEqual(['5215512345678']);
    expect(await conversationRow(first.message.conversationId)).toMatchObject({
      waId: '5215512345678',
      origin: 'TEMPLATE',
      status: 'WAITING_FOR_CUSTOMER',
    });
    expect((await sent(sim)).map((s) => s.body.to)).toEqual(['5215512345678', '5215512345678']);
    expect(await eventsOf(orgId, INBOX_EVENTS.conversationCreated)).toHaveLength(1);
  });

  it("reuses a customer's conversation however WhatsApp spelled their number", async () => {
    const { orgId, agent } = await orgWithSimulator();
    // Customers who wrote first: WhatsApp named them 521… and with Brazil's old eight digits.
    const mexican = await openConversation(orgId, { waId: '5215512340001' });
    const paulista = await openConversation(orgId, { waId: '551187654321' });
    const toMexican = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+52 55 1234 0001' }),
    );
    const toPaulista = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+55 11 98765-4321' }),
    );
    expect(toMexican).toMatchObject({ conversationCreated: false, message: { conversationId: mexican.id } });
    expect(toPaulista).toMatchObject({
      conversationCreated: false,
      message: { conversationId: paulista.id },
    });
    expect(await contactsOf(orgId)).toHaveLength(2);
  });

  it("adds Brazil's ninth digit, and finds the same person without it", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const withNine = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+55 (21) 9 8765-4321' }),
    );
    const withoutNine = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+55 21 8765-4321' }),
    );
    expect(withoutNine.message.conversationId).toBe(withNine.message.conversationId);
    const [conversation] = await conversationsOf(orgId, ['5521987654321', '552187654321']);
    expect(conversation.waId).toBe('5521987654321');
  });

  it('refuses a number that cannot be one with a 400 on phone, and writes nothing', async () => {
    const { orgId, agent } = await orgWithSimulator();
    for (const phone of ['55 1234', 'not a phone', '+52 55 1234 5678 ext 3'])
      await expect(sendTemplateMessage(testbed.deps, agent, orderReady({ phone }))).rejects.toMatchObject({
        kind: 'invalid',
        fields: [{ path: 'phone' }],
      });
    expect(await contactsOf(orgId)).toEqual([]);
  });
});

describe("WhatsApp's template errors", () => {
  it('answer a paused template (132015) with 409 TEMPLATE_PAUSED and keep the message FAILED with the error', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const seeded = await simControl(sim, '/templates/seed', {
      name: 'order_ready',
      language: 'es_MX',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está listo' }],
    });
    await simControl(sim, `/templates/${seeded.data[0].id}/review`, { action: 'pause' });
    const conversation = await openConversation(orgId);

    const failure = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ conversationId: conversation.id }),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'conflict', code: 'TEMPLATE_PAUSED' });
    expect((failure as Error).message).toContain('(#132015)');

    const stored = await testbed.deps.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation.id));
    expect(stored).toEqual([
      expect.objectContaining({
        type: 'template',
        status: 'FAILED',
        errorCode: 132015,
        errorTitle: 'Template is Paused',
      }),
    ]);
  });

  it('answer a parameter count mismatch (132000) with a 400 on the parameters', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    await simControl(sim, '/templates/seed', {
      name: 'order_ready',
      language: 'es_MX',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} de {{3}} está listo' }],
    });
    const conversation = await openConversation(orgId);
    await expect(
      sendTemplateMessage(testbed.deps, agent, orderReady({ conversationId: conversation.id })),
    ).rejects.toMatchObject({
      kind: 'invalid',
      code: 'TEMPLATE_PARAMETER_COUNT',
      fields: [{ path: 'parameters' }],
    });
  });
});

describe('repeats and callers', () => {
  it('answers the same message for the same idempotency key, and refuses the key for another send', async () => {
    const { sim, agent, orgId } = await orgWithSimulator();
    const input = orderReady({ phone: '+52 55 1111 2222' }, { idempotencyKey: 'send-1' });
    const first = await sendTemplateMessage(testbed.deps, agent, input);
    const again = await sendTemplateMessage(testbed.deps, agent, { ...input, phone: '+52 1 55 1111 2222' });
    expect(again).toEqual(first);
    expect(await sent(sim)).toHaveLength(1);
    await expect(
      sendTemplateMessage(testbed.deps, agent, { ...input, renderedText: 'Otro texto' }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await contactsOf(orgId)).toHaveLength(1);
  });

  it('lets a service send for an organization (campaigns), and nobody without one', async () => {
    const { orgId } = await orgWithSimulator();
    const bySystem = await sendTemplateMessage(
      testbed.deps,
      serviceCaller('campaigns', orgId, 'r1'),
      orderReady({ phone: '+52 55 3333 4444' }),
    );
    expect(bySystem.message).toMatchObject({ sender: 'system', senderUserId: null, status: 'SENT' });
    const nobody: CallerContext[] = [
      serviceCaller('campaigns', 0, 'r1'),
      { orgId: 0, kind: 'PLATFORM', principalId: 'platform', role: null, userId: null, requestId: 'r1' },
    ];
    for (const caller of nobody)
      await expect(
        sendTemplateMessage(testbed.deps, caller, orderReady({ phone: '+52 55 3333 4444' })),
      ).rejects.toMatchObject({ kind: 'forbidden' });
  });
});

describe("the customer's reply", () => {
  it("gives the conversation the template's inbox category when it has none", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const { message } = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+52 55 5555 0001' }, { inboxCategory: 'pedidos' }),
    );
    const [received] = await reply(orgId, '5215555550001');
    expect(received).toMatchObject({ stored: true, conversationId: message.conversationId });
    expect(await conversationRow(message.conversationId)).toMatchObject({
      category: 'pedidos',
      status: 'OPEN',
    });
    const [categorized] = await eventsOf(orgId, INBOX_EVENTS.conversationCategorized);
    expect(categorized.data).toEqual({
      conversationId: message.conversationId,
      waId: '5215555550001',
      category: 'pedidos',
      previous: null,
      source: 'template',
      actorId: null,
    });
    // Only the reply: the customer's next messages change nothing more.
    await reply(orgId, '5215555550001', 'Otra cosa');
    expect(await eventsOf(orgId, INBOX_EVENTS.conversationCategorized)).toHaveLength(1);
  });

  it('keeps a category the conversation already has', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId, { category: 'ventas' });
    await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ conversationId: conversation.id }, { inboxCategory: 'pedidos' }),
    );
    await reply(orgId, conversation.waId);
    expect((await conversationRow(conversation.id)).category).toBe('ventas');
    expect(await eventsOf(orgId, INBOX_EVENTS.conversationCategorized)).toEqual([]);
  });

  it("lands in the template's conversation's active successor when that one was resolved meanwhile", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const { message } = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+52 55 5555 0002' }, { inboxCategory: 'pedidos' }),
    );
    await resolveConversation(testbed.deps, agent, message.conversationId);
    const [received] = await reply(orgId, '5215555550002');
    if (!received.stored) throw new Error('the reply was not stored');
    expect(received.conversationId).not.toBe(message.conversationId);
    expect(await conversationRow(received.conversationId)).toMatchObject({
      category: 'pedidos',
      status: 'OPEN',
    });
  });

  it('categorizes each replying contact of one batch, and only those a template left a category for', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const tagged = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+52 55 5555 0003' }, { inboxCategory: 'cobranza' }),
    );
    const plain = await sendTemplateMessage(testbed.deps, agent, orderReady({ phone: '+52 55 5555 0004' }));
    await receiveMessages(testbed.deps, [
      { orgId, message: inboundMessageSchema.parse(text('5215555550003', 'uno')) },
      { orgId, message: inboundMessageSchema.parse(text('5215555550003', 'dos')) },
      { orgId, message: inboundMessageSchema.parse(text('5215555550004', 'tres')) },
    ]);
    expect((await conversationRow(tagged.message.conversationId)).category).toBe('cobranza');
    expect((await conversationRow(plain.message.conversationId)).category).toBeNull();
    expect(await eventsOf(orgId, INBOX_EVENTS.conversationCategorized)).toHaveLength(1);
  });
});

// The stored message keeps what the templates service resolved.
it('keeps the template reference on the message', async () => {
  const { agent } = await orgWithSimulator();
  const { message } = await sendTemplateMessage(
    testbed.deps,
    agent,
    orderReady({ phone: '+52 55 5555 0005' }, { inboxCategory: 'pedidos' }),
  );
  expect((await messageRow(message.id)).content).toEqual({
    template: {
      id: 'tpl-order-ready',
      name: 'order_ready',
      language: 'es_MX',
      category: 'UTILITY',
      inboxCategory: 'pedidos',
    },
    components: JSON.parse(orderReady({ phone: '' }).componentsJson),
  });
});
