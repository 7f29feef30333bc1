import { eq } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { inboundMessageSchema } from '@inbox/whatsapp';
import { openForTestFile } from '@inbox/platform/testing';
import { conversations } from '../../db/schema';
import { createInboxTestbed } from '../../testing/testbed';
import { receiveMessage, receiveMessages } from './receive-message';
import {
  conversationsOf,
  eventsOf,
  inbound,
  messagesOf,
  orgWithChannel,
  text,
} from '../../testing/webhook-builders';

const testbed = openForTestFile(createInboxTestbed);
const ANA = '5215500000001';
const BETO = '5215500000002';
const CARLA = '5215500000003';
const parse = (raw: unknown) => inboundMessageSchema.parse(raw);

describe('receiving a batch of customer messages', () => {
  it('stores each new message once, in its contact’s conversation, and answers in input order', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const earlier = parse(text(ANA, 'first, stored before the batch'));
    await receiveMessage(testbed.deps, { orgId, message: earlier });
    const [anaConversation] = await conversationsOf(testbed, orgId, ANA);

    const beto1 = parse(text(BETO, 'hola', { referral: { source_type: 'ad', source_id: 'ad-1' } }));
    const ana2 = parse(text(ANA, 'second'));
    const beto2 = parse(text(BETO, '¿siguen abiertos?'));
    const results = await receiveMessages(testbed.deps, [
      { orgId, message: beto1, profileName: 'Beto' },
      { orgId, message: earlier }, // a redelivery of a stored message
      { orgId, message: ana2, profileName: 'Ana' },
      { orgId, message: beto1 }, // the same message twice in one batch
      { orgId, message: beto2, profileName: 'Beto G.' },
    ]);

    const [betoConversation] = await conversationsOf(testbed, orgId, BETO);
    expect(results.map((r) => r.stored)).toEqual([true, false, true, false, true]);
    expect(results[0]).toMatchObject({ conversationId: betoConversation.id, conversationCreated: true });
    expect(results[2]).toMatchObject({ conversationId: anaConversation.id, conversationCreated: false });
    expect(betoConversation).toMatchObject({
      origin: 'AD',
      unreadCount: 2,
      lastMessagePreview: '¿siguen abiertos?',
    });
    expect((await conversationsOf(testbed, orgId, ANA))[0]).toMatchObject({
      unreadCount: 2,
      lastMessagePreview: 'second',
    });
    expect(await messagesOf(testbed, orgId)).toHaveLength(4);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.messageReceived)).toHaveLength(4);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.conversationCreated)).toHaveLength(2);
  });

  it('moves a waiting conversation back to its agent once, however many messages the batch holds', async () => {
    const { orgId } = await orgWithChannel(testbed);
    await receiveMessage(testbed.deps, { orgId, message: parse(text(CARLA, 'hola')) });
    const [conversation] = await conversationsOf(testbed, orgId, CARLA);
    await testbed.deps.db
      .update(conversations)
      .set({ status: 'WAITING_FOR_CUSTOMER', assignedTo: 'agent-1' })
      .where(eq(conversations.id, conversation.id));

    await receiveMessages(testbed.deps, [
      { orgId, message: parse(text(CARLA, 'una')) },
      { orgId, message: parse(text(CARLA, 'dos')) },
    ]);

    expect((await conversationsOf(testbed, orgId, CARLA))[0]).toMatchObject({
      status: 'HUMAN_HANDLING',
      assignedTo: 'agent-1',
      unreadCount: 3,
    });
    const changes = await eventsOf(testbed, orgId, INBOX_EVENTS.conversationStatusChanged);
    expect(changes.map((e) => e.data)).toEqual([
      expect.objectContaining({ from: 'WAITING_FOR_CUSTOMER', to: 'HUMAN_HANDLING', by: 'customer' }),
    ]);
  });

  it('stores a customer text holding NUL characters instead of failing it forever', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const [result] = await receiveMessages(testbed.deps, [
      { orgId, message: parse(text(ANA, 'pedido\u0000 123')), profileName: 'Ana\u0000' },
    ]);
    expect(result.stored).toBe(true);
    expect((await messagesOf(testbed, orgId)).map((m) => m.text)).toEqual(['pedido\uFFFD 123']);
  });
  it('tells what a choice means in message.received: the button payload or the reply id, the title as text', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const quoted = { context: { from: '15550001111', id: 'wamid.CAMPAIGN1' } };
    const button = parse(inbound(ANA, 'button', { payload: 'YES', text: 'Sí, claro' }, quoted));
    const reply = parse(
      inbound(ANA, 'interactive', { type: 'button_reply', button_reply: { id: 'q1-opt-2', title: 'Bien' } }),
    );
    const row = parse(
      inbound(ANA, 'interactive', { type: 'list_reply', list_reply: { id: 'q2-opt-7', title: 'Siete' } }),
    );
    await receiveMessages(
      testbed.deps,
      [button, reply, row, parse(text(ANA, 'YES'))].map((message) => ({ orgId, message })),
    );

    const received = await eventsOf(testbed, orgId, INBOX_EVENTS.messageReceived);
    expect(received.map((e) => [e.data.type, e.data.text, e.data.replyId])).toEqual([
      ['button', 'Sí, claro', 'YES'],
      ['interactive', 'Bien', 'q1-opt-2'],
      ['interactive', 'Siete', 'q2-opt-7'],
      ['text', 'YES', null],
    ]);
    expect(received[0].data.contextProviderMessageId).toBe('wamid.CAMPAIGN1');
  });
});
