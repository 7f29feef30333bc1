import { and, eq } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { contacts } from '../../db/schema';
import { windowExpiresAt } from '../../domain/reply-window';
import { createInboxTestbed } from '../../testing/testbed';
import { ingestMessagesWebhook } from './ingest-messages-webhook';
import {
  conversationsOf,
  eventsOf,
  inbound,
  messagesOf,
  messagesValue,
  orgWithChannel,
  text,
  unixSeconds,
} from '../../testing/webhook-builders';

const CUSTOMER = '16505551234';

const testbed = openForTestFile(createInboxTestbed);

describe('what an inbound message stores', () => {
  it('marks a conversation opened from a click-to-WhatsApp ad', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const referral = { source_type: 'ad', source_id: '1202', headline: 'Chat with us', ctwa_clid: 'Aff' };
    await ingestMessagesWebhook(
      testbed.deps,
      messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hi', { referral })] }),
    );
    expect((await conversationsOf(testbed, orgId, CUSTOMER))[0].origin).toBe('AD');
    expect((await messagesOf(testbed, orgId))[0].content).toEqual({ referral });
  });

  it('opens the reply window from the platform timestamp, never moving it back', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const newer = new Date('2026-03-02T08:30:00Z');
    const older = new Date('2026-03-02T07:00:00Z');
    const deliver = (body: string, at: Date) =>
      ingestMessagesWebhook(
        testbed.deps,
        messagesValue(phoneNumberId, { messages: [text(CUSTOMER, body, { timestamp: unixSeconds(at) })] }),
      );
    await deliver('Latest words', newer);
    await deliver('Earlier words, delivered late', older);

    const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(conversation.lastCustomerMessageAt).toEqual(newer);
    expect(windowExpiresAt(conversation.lastCustomerMessageAt)).toEqual(new Date('2026-03-03T08:30:00Z'));
    expect(conversation).toMatchObject({
      lastMessageAt: newer,
      lastMessagePreview: 'Latest words',
      unreadCount: 2,
    });
    expect((await messagesOf(testbed, orgId)).map((m) => m.text)).toEqual([
      'Earlier words, delivered late',
      'Latest words',
    ]);
  });

  it('refreshes the WhatsApp profile name but never the name an agent set', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const deliver = (name: string) =>
      ingestMessagesWebhook(
        testbed.deps,
        messagesValue(phoneNumberId, { messages: [text(CUSTOMER, 'Hi')], profiles: { [CUSTOMER]: name } }),
      );
    await deliver('Sheena');
    await testbed.deps.db
      .update(contacts)
      .set({ name: 'Sheena (VIP)' })
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, CUSTOMER)));
    await deliver('Sheena Nelson');

    const [contact] = await testbed.deps.db.select().from(contacts).where(eq(contacts.orgId, orgId));
    expect(contact).toMatchObject({ name: 'Sheena (VIP)', profileName: 'Sheena Nelson' });
    const [updated] = await eventsOf(testbed, orgId, INBOX_EVENTS.contactUpdated);
    expect(updated.data).toMatchObject({ waId: CUSTOMER, changes: ['profileName'] });
  });

  it('stores every inbound type with its content, and asks for each media download', async () => {
    const { orgId, phoneNumberId } = await orgWithChannel(testbed);
    const media = (id: string, extra = {}) => ({
      id,
      mime_type: 'application/octet-stream',
      sha256: `sha-${id}`,
      ...extra,
    });
    const all = [
      text(CUSTOMER, 'Plain text', { context: { from: '15550783881', id: 'wamid.OUT0' } }),
      inbound(CUSTOMER, 'image', media('m-image', { caption: 'Taj Mahal' })),
      inbound(CUSTOMER, 'video', media('m-video')),
      inbound(CUSTOMER, 'audio', media('m-audio', { voice: true })),
      inbound(CUSTOMER, 'document', media('m-doc', { filename: 'invoice.pdf' })),
      inbound(CUSTOMER, 'sticker', media('m-sticker')),
      inbound(CUSTOMER, 'location', {
        latitude: 37.4,
        longitude: -122.1,
        name: 'Philz Coffee',
        address: '101 Forest Ave',
      }),
      inbound(CUSTOMER, 'contacts', undefined, { contacts: [{ name: { formatted_name: 'Lucía Gómez' } }] }),
      inbound(CUSTOMER, 'interactive', {
        type: 'button_reply',
        button_reply: { id: 'cancel', title: 'Cancel' },
      }),
      inbound(CUSTOMER, 'interactive', { type: 'list_reply', list_reply: { id: 'exp', title: 'Express' } }),
      inbound(CUSTOMER, 'interactive', {
        type: 'nfm_reply',
        nfm_reply: { response_json: '{}', body: 'Sent' },
      }),
      inbound(
        CUSTOMER,
        'button',
        { payload: 'STOP', text: 'Unsubscribe' },
        { context: { id: 'wamid.TPL1' } },
      ),
      inbound(CUSTOMER, 'reaction', { message_id: 'wamid.OUT2', emoji: '👍' }),
      inbound(CUSTOMER, 'reaction', { message_id: 'wamid.OUT2' }),
      inbound(CUSTOMER, 'order', {
        catalog_id: 'c1',
        product_items: [{ product_retailer_id: 'p', quantity: 2, item_price: 30, currency: 'USD' }],
      }),
      inbound(CUSTOMER, 'system', { body: 'User changed number', type: 'user_changed_number' }),
      inbound(CUSTOMER, 'unsupported', { type: 'edit' }),
      inbound(CUSTOMER, 'hologram', { depth: 3 }),
      // A known type in a shape this code does not expect is kept, not lost.
      inbound(CUSTOMER, 'image', { caption: 'no id or mime type' }),
    ].map((m, i) => ({ ...m, timestamp: String(1_780_000_000 + i) }));
    await ingestMessagesWebhook(testbed.deps, messagesValue(phoneNumberId, { messages: all }));

    const stored = await messagesOf(testbed, orgId);
    expect(stored.map((m) => [m.type, m.text, m.reaction, m.replyToProviderId])).toEqual([
      ['text', 'Plain text', null, 'wamid.OUT0'],
      ['image', null, null, null],
      ['video', null, null, null],
      ['audio', null, null, null],
      ['document', null, null, null],
      ['sticker', null, null, null],
      ['location', '📍 Philz Coffee, 101 Forest Ave', null, null],
      ['contacts', '👤 Lucía Gómez', null, null],
      ['interactive', 'Cancel', null, null],
      ['interactive', 'Express', null, null],
      ['interactive', '📝 Sent', null, null],
      ['button', 'Unsubscribe', null, 'wamid.TPL1'],
      ['reaction', null, '👍', 'wamid.OUT2'],
      ['reaction', null, null, 'wamid.OUT2'],
      ['order', '🛒 Order of 2 items', null, null],
      ['system', 'User changed number', null, null],
      ['unsupported', '⚠️ Unsupported message (edit)', null, null],
      ['unsupported', '⚠️ Unsupported message (hologram)', null, null],
      ['unsupported', '⚠️ Unsupported message (image)', null, null],
    ]);
    const image = stored[1];
    expect(image).toMatchObject({
      providerMediaId: 'm-image',
      mediaMimeType: 'application/octet-stream',
      mediaSha256: 'sha-m-image',
      mediaCaption: 'Taj Mahal',
      mediaStatus: 'PENDING',
    });
    expect(stored[4]).toMatchObject({ mediaFilename: 'invoice.pdf', mediaStatus: 'PENDING' });
    expect(stored[6].content).toMatchObject({ location: { name: 'Philz Coffee' } });
    expect(stored[8].content).toMatchObject({ interactive: { button_reply: { id: 'cancel' } } });
    expect(stored[18].content).toMatchObject({
      unsupported: { type: 'image', unreadable: { caption: 'no id or mime type' } },
    });
    expect(stored.filter((m) => m.mediaStatus !== null).map((m) => m.type)).toEqual([
      'image',
      'video',
      'audio',
      'document',
      'sticker',
    ]);

    const downloads = await eventsOf(testbed, orgId, INBOX_EVENTS.mediaDownloadRequested);
    expect(downloads.map((e) => e.data)).toEqual(
      ['m-image', 'm-video', 'm-audio', 'm-doc', 'm-sticker'].map((providerMediaId, i) => ({
        messageId: stored[i + 1].id,
        providerMediaId,
      })),
    );
    const [conversation] = await conversationsOf(testbed, orgId, CUSTOMER);
    expect(conversation).toMatchObject({
      unreadCount: all.length,
      lastMessagePreview: '⚠️ Unsupported message (image)',
    });
  });
});
