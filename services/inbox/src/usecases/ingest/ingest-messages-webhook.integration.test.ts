import { and, eq } from 'drizzle-orm';
import { PROVIDER_EVENTS, QUEUES } from '@inbox/contracts';
import { createLogger, InProcessBus, newId } from '@inbox/platform';
import { subscribeProviderWebhooks } from '../../consumers/provider-webhooks.consumer';
import { contacts, messages } from '../../db/schema';
import { createInboxTestbed, type InboxTestbed } from '../../testing/testbed';
import { ingestMessagesWebhook } from './ingest-messages-webhook';
import {
  conversationsOf,
  eventually,
  messagesOf,
  messagesValue,
  newWamid,
  orgWithChannel,
  statusReport,
  storeOutbound,
  text,
} from '../../testing/webhook-builders';

const CUSTOMER = '5215512345678';

let testbed: InboxTestbed;
let bus: InProcessBus;
const busLogger = createLogger('bus-test', 'silent');

beforeAll(async () => {
  testbed = await createInboxTestbed();
  bus = new InProcessBus(busLogger);
  await subscribeProviderWebhooks(testbed.deps, bus);
});
afterAll(async () => {
  await bus?.close();
  await testbed?.close();
});
beforeEach(() => jest.spyOn(busLogger, 'warn'));
afterEach(() => jest.restoreAllMocks());

/** What the gateway publishes for one `entry[].changes[]` item. */
const publishWebhook = (value: Record<string, unknown>, receivedAt = new Date()) =>
  bus.publish([
    {
      envelope: {
        id: newId(),
        type: PROVIDER_EVENTS.whatsappMessages,
        orgId: 0,
        occurredAt: new Date().toISOString(),
        data: { wabaId: 'waba-1', field: 'messages', value, receivedAt: receivedAt.toISOString() },
      },
      headers: { 'x-request-id': newId() },
    },
  ]);

const retries = () =>
  (busLogger.warn as jest.Mock).mock.calls.filter(
    (args: unknown[]) => args[1] === 'event handler failed; retrying',
  );

/** Time for a handler that just finished to have failed visibly, had it failed. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the provider webhooks consumer', () => {
  it('stores a message published by the gateway, once however often it is published', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const value = messagesValue(phoneNumberId, {
      messages: [text(CUSTOMER, 'Hola')],
      profiles: { [CUSTOMER]: 'Ana' },
    });
    await publishWebhook(value);
    await publishWebhook(value);
    await eventually(async () => (await messagesOf(testbed, orgId)).length === 1);
    await settle();
    expect(retries()).toHaveLength(0);
    expect(await messagesOf(testbed, orgId)).toHaveLength(1);
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].unreadCount).toBe(1);
  });

  it('acknowledges a webhook for a phone number no organization owns, storing nothing', async () => {
    const warn = jest.spyOn(testbed.deps.logger, 'warn');
    const unknownNumber = `pn-unknown-${newId()}`;
    await publishWebhook(messagesValue(unknownNumber, { messages: [text(CUSTOMER, 'Anyone?')] }));
    await eventually(() =>
      warn.mock.calls.some(
        ([fields]) => (fields as { phoneNumberId?: string }).phoneNumberId === unknownNumber,
      ),
    );
    await settle();
    expect(retries()).toHaveLength(0);
    expect(await bus.deadLetters(QUEUES.inboxWebhooks)).toEqual([]);
    const stored = await testbed.deps.db.select().from(messages).where(eq(messages.text, 'Anyone?'));
    expect(stored).toEqual([]);
  });

  it('applies a status that arrived before the send stored the platform id, on a later attempt', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hi')] }),
    );
    const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
    const messageId = await storeOutbound(testbed, orgId, conversation.id, { providerMessageId: null });
    const wamid = newWamid();

    await publishWebhook(
      messagesValue(phoneNumberId, { statuses: [statusReport(wamid, 'delivered', new Date())] }),
    );
    await eventually(() => retries().length > 0);
    // The send's API call returns now and the platform id is stored.
    await testbed.deps.db
      .update(messages)
      .set({ providerMessageId: wamid })
      .where(eq(messages.id, messageId));
    await eventually(
      async () =>
        (await testbed.deps.db.select().from(messages).where(eq(messages.id, messageId)))[0].status ===
        'DELIVERED',
    );
  });

  it('drops a status about a message never stored once the grace has passed, without retries or parking', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const info = jest.spyOn(testbed.deps.logger, 'info');
    const wamid = newWamid();
    // Received a while ago: the webhook waited in the queue, or this is its last retry.
    const receivedAt = new Date(Date.now() - 90_000);
    await publishWebhook(
      messagesValue(phoneNumberId, { statuses: [statusReport(wamid, 'delivered', receivedAt)] }),
      receivedAt,
    );
    await eventually(() =>
      info.mock.calls.some(
        ([fields]) => (fields as { providerMessageId?: string }).providerMessageId === wamid,
      ),
    );
    await settle();
    expect(retries()).toHaveLength(0);
    expect(await bus.deadLetters(QUEUES.inboxWebhooks)).toEqual([]);
    expect(await messagesOf(testbed, orgId)).toEqual([]);
  });

  it('logs errors the platform reports for the phone number', async () => {
    const { phoneNumberId } = await orgWithChannel(testbed);
    const warn = jest.spyOn(testbed.deps.logger, 'warn');
    const errors = [{ code: 130429, title: 'Rate limit hit' }];
    await ingestMessagesWebhook(testbed.deps, messagesValue(phoneNumberId, { errors }));
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ errors }), expect.any(String));
  });

  it("keeps each organization's contacts, conversations and messages apart", async () => {
    const a = await orgWithChannel(testbed);
    const b = await orgWithChannel(testbed);
    const message = text(CUSTOMER, 'Same customer, same platform id');
    for (const org of [a, b]) {
      await ingestMessagesWebhook(
        testbed.deps,
        messagesValue(org.phoneNumberId, {
          messages: [message],
          profiles: { [CUSTOMER]: `Customer of ${org.orgId}` },
        }),
      );
    }
    for (const org of [a, b]) {
      const stored = await messagesOf(testbed, org.orgId);
      expect(stored.map((m) => m.providerMessageId)).toEqual([message.id]);
      const [conversation, ...others] = await conversationsOf(testbed, org.orgId, CUSTOMER);
      expect(others).toEqual([]);
      expect(stored[0].conversationId).toBe(conversation.id);
      const [contact] = await testbed.deps.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.orgId, org.orgId), eq(contacts.waId, CUSTOMER)));
      expect(contact.profileName).toBe(`Customer of ${org.orgId}`);
    }

    // A status report through one organization's number touches only its own message.
    const wamid = newWamid();
    const [convA] = await conversationsOf(testbed, a.orgId, CUSTOMER);
    const [convB] = await conversationsOf(testbed, b.orgId, CUSTOMER);
    const outA = await storeOutbound(testbed, a.orgId, convA.id, { providerMessageId: wamid });
    const outB = await storeOutbound(testbed, b.orgId, convB.id, { providerMessageId: wamid });
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(a.phoneNumberId, { statuses: [statusReport(wamid, 'read', new Date())] }),
    );
    const status = async (id: string) =>
      (await testbed.deps.db.select().from(messages).where(eq(messages.id, id)))[0].status;
    expect([await status(outA), await status(outB)]).toEqual(['READ', 'PENDING']);
  });
});
