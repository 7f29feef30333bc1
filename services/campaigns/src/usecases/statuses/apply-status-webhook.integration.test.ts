import { CAMPAIGNS_EVENTS, QUEUES } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { OUTCOME_UNKNOWN } from '../../domain/recipient-status';
import {
  campaignStatus,
  failure,
  messagesValue,
  newWamid,
  providerMessagesEvent,
  recipientRow,
  regularPricing,
  sentCampaign,
  type RecipientSeed,
} from '../../testing/status-builders';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { TEST_RATE_CARD } from '../../testing/test-pricing';
import { applyStatusWebhook } from './apply-status-webhook';

const bed = openForTestFile(() => createCampaignsTestbed());

// WhatsApp's times are whole seconds.
const T = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
const at = (s: number) => new Date(T.getTime() + s * 1000);
const MX_MARKETING = TEST_RATE_CARD.markets.find((m) => m.market === 'MX')?.marketing;

async function campaignOf(...recipients: RecipientSeed[]) {
  const { orgId } = bed.orgWithoutChannel();
  const phoneNumberId = `pn-${newId()}`;
  const campaign = await sentCampaign(bed.deps.db, { orgId, phoneNumberId, recipients });
  const rows = await Promise.all(campaign.recipientIds.map((id) => recipientRow(bed.deps.db, id)));
  return { ...campaign, phoneNumberId, rows };
}

const webhook = (phoneNumberId: string, statuses: unknown[], receivedAt = new Date()) =>
  applyStatusWebhook(bed.deps, {
    value: messagesValue(phoneNumberId, { statuses }),
    requestId: newId(),
    receivedAt,
  });

const statusEvents = async (campaignId: string) =>
  (await bed.recordedEvents()).filter(
    (e) => e.type === CAMPAIGNS_EVENTS.recipientsStatusChanged && e.data.campaignId === campaignId,
  );

const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('status webhooks of campaign sends', () => {
  it('move a batch of recipients forward in one go, never back, with one event', async () => {
    const c = await campaignOf(
      {},
      { status: 'DISPATCHING', providerMessageId: null, waId: null, sentAt: null },
      { status: 'READ', deliveredAt: at(1), readAt: at(2) },
      { status: 'FAILED', errorCode: '131026', errorTitle: 'Undeliverable', failedAt: at(1) },
    );
    const [sent, dispatching, read, failed] = c.rows;
    const learned = { ...dispatching, providerMessageId: newWamid(), waId: '5215599990000' };
    const statuses = [
      campaignStatus(sent, 'delivered', at(3)),
      campaignStatus(learned, 'sent', at(1)),
      campaignStatus(learned, 'delivered', at(2)),
      campaignStatus(read, 'delivered', at(1)),
      campaignStatus(read, 'failed', at(4), failure(131026)),
      campaignStatus(failed, 'read', at(5)),
      // Not a campaign's: the inbox's.
      { id: newWamid(), status: 'read', timestamp: '1750030073', recipient_id: '15550001' },
    ];

    expect(await webhook(c.phoneNumberId, statuses)).toEqual({ changed: 2, unknown: [] });

    expect(await recipientRow(bed.deps.db, sent.id)).toMatchObject({
      status: 'DELIVERED',
      deliveredAt: at(3),
    });
    expect(await recipientRow(bed.deps.db, dispatching.id)).toMatchObject({
      status: 'DELIVERED',
      providerMessageId: learned.providerMessageId,
      waId: '5215599990000',
      sentAt: at(1),
      deliveredAt: at(2),
      leaseUntil: null,
    });
    expect(await recipientRow(bed.deps.db, read.id)).toEqual(read);
    expect(await recipientRow(bed.deps.db, failed.id)).toEqual(failed);
    const events = await statusEvents(c.id);
    expect(events).toHaveLength(1);
    // Per recipient in id order, each recipient's changes in WhatsApp's order.
    const expected: [string, Record<string, unknown>][] = [
      [sent.id, { from: 'SENT', to: 'DELIVERED', at: at(3).toISOString() }],
      [dispatching.id, { from: 'PENDING', to: 'SENT' }],
      [dispatching.id, { from: 'SENT', to: 'DELIVERED', providerMessageId: learned.providerMessageId }],
    ];
    expect(events[0].data.changes).toEqual(
      expected
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([recipientId, change]) => expect.objectContaining({ ...change, recipientId })),
    );
  });

  it('change nothing when the same webhook comes again', async () => {
    const c = await campaignOf({}, {});
    const statuses = c.rows.map((r) => campaignStatus(r, 'read', at(2)));
    await webhook(c.phoneNumberId, statuses);
    const once = await Promise.all(c.rows.map((r) => recipientRow(bed.deps.db, r.id)));

    expect(await webhook(c.phoneNumberId, statuses)).toEqual({ changed: 0, unknown: [] });

    expect(await Promise.all(c.rows.map((r) => recipientRow(bed.deps.db, r.id)))).toEqual(once);
    expect(once.map((r) => [r.status, r.deliveredAt, r.readAt])).toEqual([
      ['READ', at(2), at(2)],
      ['READ', at(2), at(2)],
    ]);
    expect(await statusEvents(c.id)).toHaveLength(1);
  });

  it('keep a recipient read before delivered as read, and take the earlier delivery time', async () => {
    const c = await campaignOf({});
    const [r] = c.rows;
    await webhook(c.phoneNumberId, [campaignStatus(r, 'read', at(9))]);
    await webhook(c.phoneNumberId, [campaignStatus(r, 'delivered', at(4))]);
    expect(await recipientRow(bed.deps.db, r.id)).toMatchObject({
      status: 'READ',
      deliveredAt: at(4),
      readAt: at(9),
    });
  });

  it('record a failure with WhatsApp’s code, title and details; 131049 retryable a day later', async () => {
    const c = await campaignOf({}, {});
    const [a, b] = c.rows;
    await webhook(c.phoneNumberId, [
      campaignStatus(a, 'failed', at(3), failure(131049, 'Healthy ecosystem', 'Not delivered')),
      campaignStatus(b, 'failed', at(3), failure(131050)),
    ]);
    expect(await recipientRow(bed.deps.db, a.id)).toMatchObject({
      status: 'FAILED',
      errorCode: '131049',
      errorTitle: 'Healthy ecosystem',
      errorDetails: 'Not delivered',
      failedAt: at(3),
      retryableAfter: new Date(at(3).getTime() + 24 * 3600 * 1000),
    });
    expect(await recipientRow(bed.deps.db, b.id)).toMatchObject({
      errorCode: '131050',
      retryableAfter: null,
    });
  });

  it('cost a billable delivery once, at the market’s rate for the pricing category', async () => {
    const c = await campaignOf({}, {});
    const [billed, free] = c.rows;
    await webhook(c.phoneNumberId, [
      campaignStatus(billed, 'sent', at(1), { pricing: regularPricing('marketing') }),
      campaignStatus(free, 'sent', at(1), {
        pricing: { ...regularPricing('utility'), type: 'free_customer_service', billable: false },
      }),
    ]);
    await webhook(c.phoneNumberId, [
      campaignStatus(billed, 'delivered', at(2), { pricing: regularPricing('utility') }),
    ]);
    expect(await recipientRow(bed.deps.db, billed.id)).toMatchObject({
      status: 'DELIVERED',
      pricingType: 'regular',
      pricingCategory: 'marketing',
      cost: MX_MARKETING,
    });
    expect(await recipientRow(bed.deps.db, free.id)).toMatchObject({
      pricingType: 'free_customer_service',
      cost: 0,
    });
  });

  it('revive an OUTCOME_UNKNOWN recipient with the wamid and wa_id it learns', async () => {
    const c = await campaignOf({
      status: 'FAILED',
      errorCode: OUTCOME_UNKNOWN,
      errorTitle: 'Outcome unknown',
      failedAt: at(60),
      providerMessageId: null,
      waId: null,
      sentAt: null,
    });
    const [lost] = c.rows;
    const wamid = newWamid();
    await webhook(c.phoneNumberId, [
      campaignStatus({ ...lost, providerMessageId: wamid, waId: '5215512340000' }, 'delivered', at(2)),
    ]);
    expect(await recipientRow(bed.deps.db, lost.id)).toMatchObject({
      status: 'DELIVERED',
      errorCode: null,
      errorTitle: null,
      failedAt: null,
      providerMessageId: wamid,
      waId: '5215512340000',
    });
    expect((await statusEvents(c.id))[0].data.changes).toEqual([
      expect.objectContaining({ from: 'FAILED', to: 'DELIVERED', errorCode: null }),
    ]);
  });

  it('ignore a status from another number than the campaign sends from', async () => {
    const c = await campaignOf({});
    await webhook(`pn-${newId()}`, [campaignStatus(c.rows[0], 'read', at(2))]);
    expect(await recipientRow(bed.deps.db, c.rows[0].id)).toEqual(c.rows[0]);
  });

  it('retry a webhook naming a recipient not stored, after applying the others; drop it after a minute', async () => {
    const c = await campaignOf({});
    const stranger = { id: newId(), providerMessageId: newWamid(), waId: '5215500001111' };
    const statuses = [
      campaignStatus(c.rows[0], 'delivered', at(2)),
      campaignStatus(stranger, 'delivered', at(2)),
    ];

    await expect(webhook(c.phoneNumberId, statuses)).rejects.toMatchObject({
      code: 'RECIPIENT_NOT_STORED_YET',
    });
    expect(await recipientRow(bed.deps.db, c.rows[0].id)).toMatchObject({ status: 'DELIVERED' });

    const minutesAgo = new Date(Date.now() - 2 * 60_000);
    expect(await webhook(c.phoneNumberId, statuses, minutesAgo)).toEqual({
      changed: 0,
      unknown: [stranger.id],
    });
  });

  it('arrive through the bus as the gateway publishes them, left alone by the inbox', async () => {
    const c = await campaignOf({});
    const value = messagesValue(c.phoneNumberId, {
      statuses: [campaignStatus(c.rows[0], 'read', at(2), { pricing: regularPricing() })],
    });
    await bed.bus.publish([providerMessagesEvent('waba-test', value)]);
    const row = await eventually(
      () => recipientRow(bed.deps.db, c.rows[0].id),
      (r) => r.status === 'READ',
    );
    expect(row).toMatchObject({ status: 'READ', cost: MX_MARKETING });
    expect(await bed.bus.deadLetters(QUEUES.campaignsWebhooks)).toEqual([]);
    expect(await bed.bus.deadLetters(QUEUES.inboxWebhooks)).toEqual([]);
  });
});
