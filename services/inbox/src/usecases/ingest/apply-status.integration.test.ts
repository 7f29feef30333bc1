import { eq } from 'drizzle-orm';
import { campaignCallbackData, INBOX_EVENTS } from '@inbox/contracts';
import { DomainError } from '@inbox/platform';
import { statusSchema } from '@inbox/whatsapp';
import { openForTestFile } from '@inbox/platform/testing';
import { ingestRepository } from '../../db/repositories/ingest.repository';
import { messages } from '../../db/schema';
import { createInboxTestbed } from '../../testing/testbed';
import { applyStatus } from './apply-status';
import { ingestMessagesWebhook } from './ingest-messages-webhook';
import {
  conversationsOf,
  eventsOf,
  messagesValue,
  newWamid,
  orgWithChannel,
  statusReport,
  storeOutbound,
  text,
} from '../../testing/webhook-builders';

const CUSTOMER = '16505551234';
const t0 = new Date('2026-03-05T12:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const pricing = { billable: true, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };

const testbed = openForTestFile(createInboxTestbed);

/** An organization whose customer wrote in and got an agent's reply with a platform id. */
async function sentReply() {
  const { orgId, phoneNumberId } = await orgWithChannel(testbed);
  await ingestMessagesWebhook(
    testbed.deps,
    messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hi')] }),
  );
  const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
  const wamid = newWamid();
  const messageId = await storeOutbound(testbed, orgId, conversation.id, { providerMessageId: wamid });
  const report = (status: string, seconds: number, extra: Record<string, unknown> = {}) =>
    ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { statuses: [statusReport(wamid, status, at(seconds), extra)] }),
    );
  const message = async () =>
    (await testbed.deps.db.select().from(messages).where(eq(messages.id, messageId)))[0];
  const changes = async () =>
    (await eventsOf(testbed, orgId, INBOX_EVENTS.messageStatusChanged)).map((e) => [e.data.from, e.data.to]);
  return { orgId, phoneNumberId, conversation, wamid, messageId, report, message, changes };
}

describe('status webhooks', () => {
  it('moves a reply through sent, delivered and read', async () => {
    const { report, message, changes, conversation, orgId, messageId, wamid } = await sentReply();
    await report('sent', 1, { pricing });
    expect((await message()).status).toBe('SENT');
    await report('delivered', 2);
    await report('read', 3);

    expect(await message()).toMatchObject({ status: 'READ', providerTimestamp: at(3), errorCode: null });
    expect(await changes()).toEqual([
      ['PENDING', 'SENT'],
      ['SENT', 'DELIVERED'],
      ['DELIVERED', 'READ'],
    ]);
    const [sent] = await eventsOf(testbed, orgId, INBOX_EVENTS.messageStatusChanged);
    expect(sent.data).toEqual({
      conversationId: conversation.id,
      waId: CUSTOMER,
      messageId,
      providerMessageId: wamid,
      from: 'PENDING',
      to: 'SENT',
      at: at(1).toISOString(),
      errorCode: null,
      pricing: { category: 'service', type: 'free_customer_service', billable: true },
    });
    // Delivery reports leave the conversation as it was.
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0]).toMatchObject({
      status: 'OPEN',
      unreadCount: 1,
    });
  });

  it('never moves a read message back when delivered arrives late, nor repeats a status', async () => {
    const { report, message, changes } = await sentReply();
    await report('read', 5);
    await report('delivered', 4);
    await report('read', 5);
    expect(await message()).toMatchObject({ status: 'READ', providerTimestamp: at(5) });
    expect(await changes()).toEqual([['PENDING', 'READ']]);
  });

  it('counts a played voice message as read', async () => {
    const { report, message } = await sentReply();
    await report('delivered', 1);
    await report('played', 2);
    expect((await message()).status).toBe('READ');
  });

  it('stores why a message failed', async () => {
    const { orgId, report, message } = await sentReply();
    const error = { code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' };
    await report('sent', 1);
    await report('failed', 2, { errors: [error] });
    expect(await message()).toMatchObject({
      status: 'FAILED',
      errorCode: 131047,
      errorTitle: 'Re-engagement message',
    });
    const [, failed] = await eventsOf(testbed, orgId, INBOX_EVENTS.messageStatusChanged);
    expect(failed.data).toMatchObject({ from: 'SENT', to: 'FAILED', errorCode: 131047 });
  });

  it('ignores a failure report about a delivered message', async () => {
    const { report, message, changes } = await sentReply();
    await report('delivered', 1);
    await report('failed', 2, { errors: [{ code: 131000, title: 'Something went wrong' }] });
    expect(await message()).toMatchObject({ status: 'DELIVERED', errorCode: null, errorTitle: null });
    expect(await changes()).toEqual([['PENDING', 'DELIVERED']]);
  });

  it('asks for a retry when the message is not stored under its platform id yet', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const status = statusSchema.parse(statusReport(newWamid(), 'delivered', at(1)));
    const receivedAt = new Date();
    const failure = applyStatus(testbed.deps, { orgId, status, receivedAt });
    await expect(failure).rejects.toBeInstanceOf(DomainError);
    await expect(applyStatus(testbed.deps, { orgId, status, receivedAt })).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'MESSAGE_NOT_STORED_YET',
    });
    expect(await eventsOf(testbed, orgId)).toEqual([]);
  });

  it('drops a status about a message it never stored, once a minute has passed since the webhook', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const wamid = newWamid();
    const status = statusSchema.parse(statusReport(wamid, 'delivered', new Date()));
    const info = jest.spyOn(testbed.deps.logger, 'info');
    const receivedAt = new Date(Date.now() - 61_000);

    await expect(applyStatus(testbed.deps, { orgId, status, receivedAt })).resolves.toBeUndefined();
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ orgId, providerMessageId: wamid }),
      expect.stringContaining('dropped'),
    );
    expect(await eventsOf(testbed, orgId)).toEqual([]);
    info.mockRestore();
  });

  it('without the time of receipt, counts the grace from the status time', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const old = statusSchema.parse(statusReport(newWamid(), 'read', new Date(Date.now() - 120_000)));
    const fresh = statusSchema.parse(statusReport(newWamid(), 'read', new Date()));
    await expect(applyStatus(testbed.deps, { orgId, status: old })).resolves.toBeUndefined();
    await expect(applyStatus(testbed.deps, { orgId, status: fresh })).rejects.toMatchObject({
      code: 'MESSAGE_NOT_STORED_YET',
    });
  });

  it('still stores the messages of a change whose status must be retried', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const value = messagesValue(phoneNumberId, {
      messages: [text(CUSTOMER, 'Stored on the first attempt')],
      statuses: [statusReport(newWamid(), 'sent', at(1))],
    });
    const receivedAt = new Date();
    await expect(ingestMessagesWebhook(testbed.deps, value, undefined, receivedAt)).rejects.toMatchObject({
      code: 'MESSAGE_NOT_STORED_YET',
    });
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].unreadCount).toBe(1);
    // The redelivery stores nothing twice.
    await expect(ingestMessagesWebhook(testbed.deps, value, undefined, receivedAt)).rejects.toMatchObject({
      code: 'MESSAGE_NOT_STORED_YET',
    });
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].unreadCount).toBe(1);
  });
  it("leaves a campaign send's statuses to the campaigns service: no lookup, no retry, no change", async () => {
    const { orgId, phoneNumberId, wamid, message, changes } = await sentReply();
    const campaign = {
      biz_opaque_callback_data: campaignCallbackData('0190c0de-0000-7000-8000-000000000001'),
    };
    const lookups = jest.spyOn(ingestRepository, 'findMessageForStatus');
    const info = jest.spyOn(testbed.deps.logger, 'info');
    // Fresh statuses (a message not stored yet would be retried), one of them naming a stored message.
    const value = messagesValue(phoneNumberId, {
      messages: [text(CUSTOMER, 'Thanks!')],
      statuses: [
        statusReport(newWamid(), 'sent', new Date(), campaign),
        statusReport(wamid, 'read', new Date(), campaign),
      ],
    });

    await expect(ingestMessagesWebhook(testbed.deps, value, undefined, new Date())).resolves.toBeUndefined();

    expect(lookups).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalledWith(expect.anything(), expect.stringContaining('dropped'));
    expect(await message()).toMatchObject({ status: 'PENDING' });
    expect(await changes()).toEqual([]);
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].unreadCount).toBe(2);
    lookups.mockRestore();
    info.mockRestore();
  });
});
