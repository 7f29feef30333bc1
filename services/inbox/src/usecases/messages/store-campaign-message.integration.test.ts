import { CAMPAIGNS_EVENTS, INBOX_EVENTS, QUEUES } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { openForTestFile, testCaller } from '@inbox/platform/testing';
import { subscribeCampaignEvents } from '../../consumers/campaign-events.consumer';
import { startConsumerHarness, envelopeOf, type ConsumerHarness } from '../../testing/consumer-harness';
import { createInboxTestbed } from '../../testing/testbed';
import {
  conversationsOf,
  eventsOf,
  inbound,
  messagesOf,
  messagesValue,
  newWamid,
  orgWithChannel,
  unixSeconds,
} from '../../testing/webhook-builders';
import { ingestMessagesWebhook } from '../ingest/ingest-messages-webhook';
import { listMessages } from './list-messages';

const testbed = openForTestFile(createInboxTestbed);
let consumer: ConsumerHarness;
beforeAll(async () => {
  consumer = await startConsumerHarness((bus) => subscribeCampaignEvents(testbed.deps, bus));
});
afterAll(() => consumer?.close());

const CUSTOMER = '5215512345678';
const sentAt = new Date('2026-03-05T12:00:00.250Z');
const repliedAt = new Date('2026-03-05T12:07:00Z');

/** A recipient of a campaign tapped its quick-reply button: the reply is in a conversation. */
async function replied() {
  const { orgId, phoneNumberId } = await orgWithChannel(testbed);
  const campaignWamid = newWamid();
  const tap = inbound(
    CUSTOMER,
    'button',
    { payload: 'YES', text: 'Sí, me interesa' },
    { context: { from: '15550001111', id: campaignWamid }, timestamp: unixSeconds(repliedAt) },
  );
  await ingestMessagesWebhook(testbed.deps, messagesValue(phoneNumberId, { messages: [tap] }));
  const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
  const event = (overrides: Record<string, unknown> = {}) =>
    envelopeOf(orgId, CAMPAIGNS_EVENTS.recipientReplied, {
      campaignId: newId(),
      recipientId: newId(),
      conversationId: conversation.id,
      waId: CUSTOMER,
      providerMessageId: campaignWamid,
      templateName: 'spring_sale',
      templateLanguage: 'es_MX',
      renderedText: 'Hola Ana, ¿te interesa la promoción de primavera?',
      deliveryStatus: 'READ',
      sentAt: sentAt.toISOString(),
      repliedAt: repliedAt.toISOString(),
      ...overrides,
    });
  return { orgId, conversation, campaignWamid, event };
}

describe('the campaign message in the conversation of its reply', () => {
  it('binds its queue to the replies of campaign recipients only', () => {
    expect(consumer.spec().queue).toBe(QUEUES.inboxCampaigns);
    expect(consumer.spec().bindings).toEqual([CAMPAIGNS_EVENTS.recipientReplied]);
  });

  it('stores it before the reply, sent by the campaign, and leaves the conversation as the reply left it', async () => {
    const { orgId, conversation, campaignWamid, event } = await replied();

    await consumer.deliver(event());

    const page = await listMessages(testbed.deps, testCaller(orgId, 'AGENT', newId()), {
      conversationId: conversation.id,
    });
    expect(page.rows.map((m) => [m.sender, m.direction, m.type, m.text])).toEqual([
      ['customer', 'inbound', 'button', 'Sí, me interesa'],
      ['campaign', 'outbound', 'template', 'Hola Ana, ¿te interesa la promoción de primavera?'],
    ]);
    const campaignMessage = page.rows[1];
    expect(campaignMessage).toMatchObject({
      status: 'READ',
      senderUserId: null,
      providerMessageId: campaignWamid,
      createdAt: sentAt,
      content: expect.objectContaining({ template: { name: 'spring_sale', language: 'es_MX' } }),
    });
    const [sent] = await eventsOf(testbed, orgId, INBOX_EVENTS.messageSent);
    expect(sent.data).toEqual({
      conversationId: conversation.id,
      waId: CUSTOMER,
      messageId: campaignMessage.id,
      providerMessageId: campaignWamid,
      type: 'template',
      sender: 'campaign',
      senderUserId: null,
      sentAt: sentAt.toISOString(),
    });
    // No agent wrote: not assigned, not waiting for the customer, the reply still the latest.
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0]).toMatchObject({
      status: conversation.status,
      assignedTo: null,
      unreadCount: 1,
      lastMessagePreview: 'Sí, me interesa',
      lastMessageDirection: 'inbound',
    });
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.conversationStatusChanged)).toEqual([]);
  });

  it('stores it once, however often the event or another one about the same message comes', async () => {
    const { orgId, event } = await replied();
    const first = event();

    await consumer.deliver(first, 2);
    await consumer.deliver(event({ deliveryStatus: 'DELIVERED', renderedText: 'Otra copia' }));

    const stored = (await messagesOf(testbed, orgId)).filter((m) => m.sender === 'campaign');
    expect(stored.map((m) => [m.status, m.text])).toEqual([
      ['READ', 'Hola Ana, ¿te interesa la promoción de primavera?'],
    ]);
    expect(await eventsOf(testbed, orgId, INBOX_EVENTS.messageSent)).toHaveLength(1);
  });

  it('drops a reply about a conversation of another organization, with a log line', async () => {
    const { event } = await replied();
    const other = await orgWithChannel(testbed);
    const warn = jest.spyOn(testbed.deps.logger, 'warn');
    const elsewhere = { ...event(), orgId: other.orgId };

    await consumer.deliver(elsewhere);

    expect(await messagesOf(testbed, other.orgId)).toEqual([]);
    expect(await eventsOf(testbed, other.orgId)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ orgId: other.orgId }),
      expect.stringContaining('dropped'),
    );
    warn.mockRestore();
  });
});
