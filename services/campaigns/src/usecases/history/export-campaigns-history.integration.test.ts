import { CAMPAIGNS_EVENTS, HISTORY_PAGE_MAX_EVENTS } from '@inbox/contracts';
import { sql } from 'drizzle-orm';
import {
  at,
  campaignWith,
  changesIn,
  CUTOFF,
  exportAll,
  ofCampaign,
  parsed,
} from '../../testing/history-export';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';

const bed = openForTestFile(() => createCampaignsTestbed());

let lastOrg = 8000;
const newOrg = () => ++lastOrg;

describe('ExportHistory (campaigns): the recipients', () => {
  it('tells a campaign and its recipients as they were published, facts after the cutoff left out', async () => {
    const orgId = newOrg();
    const wa = (n: number) => ({ waId: `52155100000${n}`, providerMessageId: `wamid.${n}` });
    const campaign = await campaignWith(
      bed.deps.db,
      orgId,
      {
        name: 'Primavera',
        status: 'COMPLETED',
        createdBy: 'user-1',
        estimatedCost: 0.3052,
        currency: 'USD',
        createdAt: at('01T10:00:00.000'),
        startedAt: at('01T10:05:00.000'),
        completedAt: at('01T10:10:00.000'),
        updatedAt: at('01T10:10:00.000'),
      },
      [
        {
          ...wa(0),
          status: 'READ',
          sentAt: at('01T10:05:01.000'),
          deliveredAt: at('01T10:05:03.000'),
          readAt: at('01T11:00:00.000'),
          pricingType: 'regular',
          pricingCategory: 'marketing',
          cost: 0.0436,
        },
        { status: 'FAILED', errorCode: '131026', failedAt: at('01T10:05:02.000') },
        {
          // The reply filled in the read: told as DELIVERED → REPLIED, as it was published.
          ...wa(2),
          status: 'REPLIED',
          sentAt: at('01T10:05:01.000'),
          deliveredAt: at('01T10:06:00.000'),
          readAt: at('02T09:00:00.000'),
          repliedAt: at('02T09:00:00.000'),
          renderedText: 'Hola Cliente 2',
        },
        {
          // Read after the cutoff: not yet.
          ...wa(3),
          status: 'READ',
          sentAt: at('01T10:05:05.000'),
          deliveredAt: at('01T10:05:06.000'),
          readAt: at('10T12:00:00.000'),
        },
        {
          // Accepted, then failed.
          ...wa(4),
          status: 'FAILED',
          errorCode: '131049',
          sentAt: at('01T10:05:04.000'),
          failedAt: at('01T10:07:00.000'),
        },
        { status: 'FAILED', errorCode: 'OUTCOME_UNKNOWN', failedAt: at('01T10:10:00.000') },
      ],
    );
    const [r0, r1, r2, r3, r4, r5] = campaign.recipientIds;

    const { events } = await exportAll(bed.deps.db, { before: CUTOFF, limit: 100 });
    const mine = parsed(ofCampaign(events, campaign.id));

    const ref = { campaignId: campaign.id, name: 'Primavera', templateId: expect.any(String) };
    const phone = (seq: number) => `+52155${String(10_000_000 + seq).padStart(8, '0')}`;
    const change = (recipientId: string, seq: number, from: string, to: string, when: string, more = {}) => ({
      recipientId,
      phone: phone(seq),
      waId: null,
      providerMessageId: null,
      from,
      to,
      at: `2026-03-${when}Z`,
      errorCode: null,
      pricing: null,
      cost: null,
      ...more,
    });
    expect(mine).toEqual([
      {
        id: `history:campaigns:created:${campaign.id}`,
        type: CAMPAIGNS_EVENTS.campaignCreated,
        orgId,
        occurredAt: '2026-03-01T10:00:00.000Z',
        data: {
          ...ref,
          templateName: 'spring_sale',
          templateCategory: 'MARKETING',
          kind: 'STANDARD',
          status: 'QUEUED',
          recipients: 6,
          scheduledAt: null,
          estimatedCost: 0.3052,
          currency: 'USD',
          actorId: 'user-1',
        },
      },
      {
        id: `history:campaigns:started:${campaign.id}`,
        type: CAMPAIGNS_EVENTS.campaignStarted,
        orgId,
        occurredAt: '2026-03-01T10:05:00.000Z',
        data: { ...ref, startedAt: '2026-03-01T10:05:00.000Z' },
      },
      {
        id: `history:campaigns:recipients:${campaign.id}:0:0`,
        type: CAMPAIGNS_EVENTS.recipientsStatusChanged,
        orgId,
        occurredAt: '2026-03-02T09:00:00.000Z',
        data: {
          campaignId: campaign.id,
          changes: [
            change(r0, 0, 'PENDING', 'SENT', '01T10:05:01.000', {
              ...wa(0),
              pricing: { type: 'regular', category: 'marketing' },
              cost: 0.0436,
            }),
            change(r2, 2, 'PENDING', 'SENT', '01T10:05:01.000', wa(2)),
            change(r1, 1, 'PENDING', 'FAILED', '01T10:05:02.000', { errorCode: '131026' }),
            change(r0, 0, 'SENT', 'DELIVERED', '01T10:05:03.000', wa(0)),
            change(r4, 4, 'PENDING', 'SENT', '01T10:05:04.000', wa(4)),
            change(r3, 3, 'PENDING', 'SENT', '01T10:05:05.000', wa(3)),
            change(r3, 3, 'SENT', 'DELIVERED', '01T10:05:06.000', wa(3)),
            change(r2, 2, 'SENT', 'DELIVERED', '01T10:06:00.000', wa(2)),
            change(r4, 4, 'SENT', 'FAILED', '01T10:07:00.000', { ...wa(4), errorCode: '131049' }),
            change(r5, 5, 'PENDING', 'FAILED', '01T10:10:00.000', { errorCode: 'OUTCOME_UNKNOWN' }),
            change(r0, 0, 'DELIVERED', 'READ', '01T11:00:00.000', wa(0)),
            change(r2, 2, 'DELIVERED', 'REPLIED', '02T09:00:00.000', wa(2)),
          ],
        },
      },
      {
        id: `history:campaigns:replied:${r2}`,
        type: CAMPAIGNS_EVENTS.recipientReplied,
        orgId,
        occurredAt: '2026-03-02T09:00:00.000Z',
        data: {
          campaignId: campaign.id,
          recipientId: r2,
          conversationId: '',
          ...wa(2),
          templateName: 'spring_sale',
          templateLanguage: 'es_MX',
          renderedText: 'Hola Cliente 2',
          deliveryStatus: 'DELIVERED',
          sentAt: '2026-03-01T10:05:01.000Z',
          repliedAt: '2026-03-02T09:00:00.000Z',
        },
      },
      {
        id: `history:campaigns:completed:${campaign.id}`,
        type: CAMPAIGNS_EVENTS.campaignCompleted,
        orgId,
        occurredAt: '2026-03-01T10:10:00.000Z',
        // The recipients as they stand: r0, r2, r3 sent; r1, r4, r5 failed.
        data: { ...ref, completedAt: '2026-03-01T10:10:00.000Z', total: 6, sent: 3, failed: 3 },
      },
    ]);
  });

  it('splits a large campaign across pages inside it, every event once, the same ids on every export', async () => {
    const orgId = newOrg();
    const big = await campaignWith(
      bed.deps.db,
      orgId,
      {
        status: 'COMPLETED',
        createdAt: at('07T09:00:00.000'),
        startedAt: at('07T09:00:00.000'),
        updatedAt: at('07T12:00:00.000'),
        completedAt: at('07T12:00:00.000'),
      },
      3000,
    );
    // Every recipient sent, delivered, read and replied, a second apart.
    await bed.deps.db.execute(sql`
      update campaigns.campaign_recipients set status = 'REPLIED', wa_id = '52155' || seq,
        provider_message_id = 'wamid.' || id,
        sent_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + seq * interval '1 second',
        delivered_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + (seq + 1) * interval '1 second',
        read_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + (seq + 2) * interval '1 second',
        replied_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + (seq + 3) * interval '1 second'
      where campaign_id = ${big.id}`);

    const first = await exportAll(bed.deps.db, { before: CUTOFF, limit: 1000 });
    const mine = first.pages.map((p) => ofCampaign(p, big.id)).filter((p) => p.length > 0);
    expect(mine.length).toBeGreaterThan(1);
    for (const page of first.pages) expect(page.length).toBeLessThanOrEqual(HISTORY_PAGE_MAX_EVENTS);
    // Created once, on the first page; the following pages go on inside the campaign.
    expect(mine[0][0].type).toBe(CAMPAIGNS_EVENTS.campaignCreated);
    expect(mine.slice(1).map((p) => p[0].type)).toEqual(
      mine.slice(1).map(() => CAMPAIGNS_EVENTS.recipientsStatusChanged),
    );
    const all = parsed(ofCampaign(first.events, big.id));
    const changes = changesIn(all);
    expect(changes).toHaveLength(4 * 3000);
    expect(new Set(changes.map((c) => `${c.recipientId}:${c.to}`)).size).toBe(4 * 3000);
    expect(all.filter((e) => e.type === CAMPAIGNS_EVENTS.recipientReplied)).toHaveLength(3000);
    expect(all.at(-1)).toMatchObject({
      type: CAMPAIGNS_EVENTS.campaignCompleted,
      data: { sent: 3000, failed: 0 },
    });
    expect(new Set(first.events.map((e) => e.id)).size).toBe(first.events.length);

    const again = await exportAll(bed.deps.db, { before: CUTOFF, limit: 1 });
    expect(again.events).toEqual(first.events);
  });
});
