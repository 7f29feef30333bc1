import { CAMPAIGNS_EVENTS, INBOX_EVENTS } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import {
  messageReceived,
  newPhone,
  recipientRow,
  sentCampaign,
  type RecipientSeed,
} from '../../testing/status-builders';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { recordReply, type MessageReceived } from './record-reply';

const bed = openForTestFile(() => createCampaignsTestbed());

const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function sentTo(orgId: number, seed: RecipientSeed) {
  const campaign = await sentCampaign(bed.deps.db, {
    orgId,
    phoneNumberId: 'pn-replies',
    recipients: [seed],
  });
  return { campaignId: campaign.id, recipient: await recipientRow(bed.deps.db, campaign.recipientIds[0]) };
}

const reply = (orgId: number, message: MessageReceived) => recordReply(bed.deps, orgId, newId(), message);

const eventsOf = async (type: string, recipientId: string) =>
  (await bed.recordedEvents()).filter(
    (e) =>
      e.type === type &&
      (e.data.recipientId === recipientId ||
        (e.data.changes as { recipientId: string }[] | undefined)?.some(
          (c) => c.recipientId === recipientId,
        )),
  );

describe('replies to campaign sends', () => {
  it('mark the recipient REPLIED, fill in delivery and reading, and tell the inbox', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const sentAt = ago(HOUR);
    const { campaignId, recipient } = await sentTo(orgId, { sentAt });
    const message = messageReceived({ waId: recipient.waId as string, sentAt: ago(0).toISOString() });

    await reply(orgId, message);

    const at = new Date(message.sentAt);
    expect(await recipientRow(bed.deps.db, recipient.id)).toMatchObject({
      status: 'REPLIED',
      repliedAt: at,
      deliveredAt: at,
      readAt: at,
    });
    const [replied] = await eventsOf(CAMPAIGNS_EVENTS.recipientReplied, recipient.id);
    expect(replied).toMatchObject({
      orgId,
      data: {
        campaignId,
        conversationId: message.conversationId,
        waId: recipient.waId,
        providerMessageId: recipient.providerMessageId,
        templateName: 'spring_sale',
        templateLanguage: 'es_MX',
        renderedText: recipient.renderedText,
        deliveryStatus: 'SENT',
        sentAt: sentAt.toISOString(),
        repliedAt: at.toISOString(),
      },
    });
    const [changed] = await eventsOf(CAMPAIGNS_EVENTS.recipientsStatusChanged, recipient.id);
    expect(changed.data.changes).toEqual([expect.objectContaining({ from: 'SENT', to: 'REPLIED' })]);
  });

  it('move the status on the first reply only; later replies and redeliveries change nothing', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const { recipient } = await sentTo(orgId, { status: 'READ', readAt: ago(HOUR / 2) });
    const first = messageReceived({ waId: recipient.waId as string });
    await reply(orgId, first);
    const after = await recipientRow(bed.deps.db, recipient.id);

    await reply(orgId, first);
    await reply(orgId, messageReceived({ waId: recipient.waId as string }));

    expect(await recipientRow(bed.deps.db, recipient.id)).toEqual(after);
    expect(after).toMatchObject({ status: 'REPLIED', readAt: recipient.readAt });
    expect(await eventsOf(CAMPAIGNS_EVENTS.recipientReplied, recipient.id)).toHaveLength(1);
  });

  it('count nothing after the attribution window, nor for a send that failed', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const { recipient: old } = await sentTo(orgId, { sentAt: ago(73 * HOUR) });
    const { recipient: failed } = await sentTo(orgId, {
      status: 'FAILED',
      errorCode: '131026',
      sentAt: ago(HOUR),
    });

    await reply(orgId, messageReceived({ waId: old.waId as string }));
    await reply(orgId, messageReceived({ waId: failed.waId as string }));

    expect(await recipientRow(bed.deps.db, old.id)).toEqual(old);
    expect(await recipientRow(bed.deps.db, failed.id)).toEqual(failed);
  });

  it('attribute to the quoted send over a later one, else to the latest', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const person = newPhone();
    const { recipient: older } = await sentTo(orgId, { ...person, sentAt: ago(5 * HOUR) });
    const { recipient: newer } = await sentTo(orgId, { ...person, sentAt: ago(2 * HOUR) });

    await reply(
      orgId,
      messageReceived({ waId: person.waId, contextProviderMessageId: older.providerMessageId }),
    );
    expect((await recipientRow(bed.deps.db, older.id)).status).toBe('REPLIED');
    expect((await recipientRow(bed.deps.db, newer.id)).status).toBe('SENT');

    await reply(orgId, messageReceived({ waId: person.waId }));
    expect((await recipientRow(bed.deps.db, newer.id)).status).toBe('REPLIED');
  });

  it('never touch another organization’s recipient', async () => {
    const mine = bed.orgWithoutChannel();
    const theirs = bed.orgWithoutChannel();
    const person = newPhone();
    const { recipient } = await sentTo(theirs.orgId, person);

    await reply(
      mine.orgId,
      messageReceived({ waId: person.waId, contextProviderMessageId: recipient.providerMessageId }),
    );

    expect(await recipientRow(bed.deps.db, recipient.id)).toEqual(recipient);
  });

  it('arrive as inbox events on the bus', async () => {
    const { orgId } = bed.orgWithoutChannel();
    const { recipient } = await sentTo(orgId, {});
    const id = newId();
    await bed.bus.publish([
      {
        envelope: {
          id,
          type: INBOX_EVENTS.messageReceived,
          orgId,
          occurredAt: new Date().toISOString(),
          data: messageReceived({ waId: recipient.waId as string }),
        },
      },
    ]);
    const until = Date.now() + 10_000;
    while ((await recipientRow(bed.deps.db, recipient.id)).status !== 'REPLIED' && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await recipientRow(bed.deps.db, recipient.id)).status).toBe('REPLIED');
  });
});
