import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  CAMPAIGNS_EVENTS,
  campaignsEventSchemas,
  HISTORY_PAGE_MAX_EVENTS,
  HISTORY_SERVICE_PRINCIPAL,
  type HistoryEventView,
} from '@inbox/contracts';
import { historyEventView, serviceCaller, type HistoryQuery } from '@inbox/platform';
import { eq, sql } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import { seedCampaign, type SeedRecipient } from '../../testing/export-seeds';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { CANCEL_REASON } from '../campaigns/cancel-campaign';
import { MANUAL_PAUSE_REASON } from '../campaigns/pause-campaign';
import { exportCampaignsHistory } from './export-campaigns-history';

const bed = openForTestFile(() => createCampaignsTestbed());
const rebuild = serviceCaller(HISTORY_SERVICE_PRINCIPAL, 0, 'history-test');

let lastOrg = 8000;
const newOrg = () => ++lastOrg;

const at = (day: string) => new Date(`2026-03-${day}Z`);
const CUTOFF = at('10T12:00:00.000');

type CampaignFields = Partial<typeof campaigns.$inferInsert>;

/** A campaign written straight into the database, its lifecycle columns as given. */
async function campaignWith(orgId: number, fields: CampaignFields, recipients: SeedRecipient[]) {
  const seeded = await seedCampaign(bed.deps.db, { orgId, recipients });
  await bed.deps.db.update(campaigns).set(fields).where(eq(campaigns.id, seeded.id));
  return seeded;
}

async function exportAll(query: Omit<HistoryQuery, 'after'>) {
  const events: HistoryEventView[] = [];
  const pages: HistoryEventView[][] = [];
  let after = '';
  do {
    const page = await exportCampaignsHistory(bed.deps.db, { ...query, after });
    const views = page.events.map(historyEventView);
    pages.push(views);
    events.push(...views);
    after = page.next;
  } while (after);
  return { pages, events };
}

/** Each event's data as its live schema reads it (throws on any other shape). */
const parsed = (events: HistoryEventView[]) =>
  events.map((e) => ({
    ...e,
    data: campaignsEventSchemas[e.type as keyof typeof campaignsEventSchemas].parse(e.data),
  }));

const ofCampaign = (events: HistoryEventView[], id: string) => events.filter((e) => e.data.campaignId === id);

describe('ExportHistory (campaigns)', () => {
  it('tells a campaign and its recipients as they were published, facts after the cutoff left out', async () => {
    const orgId = newOrg();
    const wa = (n: number) => ({ waId: `52155100000${n}`, providerMessageId: `wamid.${n}` });
    const campaign = await campaignWith(
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

    const { events } = await exportAll({ before: CUTOFF, limit: 100 });
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

  it('tells the latest status change from the stored status and its time, and nothing at or after the cutoff', async () => {
    const orgId = newOrg();
    const sent = { status: 'SENT' as const, sentAt: at('04T10:00:01.000') };
    const paused = await campaignWith(
      orgId,
      {
        status: 'PAUSED',
        pauseCode: 'MANUAL',
        pauseReason: MANUAL_PAUSE_REASON,
        pausedBy: 'user-2',
        createdAt: at('04T09:00:00.000'),
        startedAt: at('04T10:00:00.000'),
        updatedAt: at('05T10:00:00.000'),
      },
      [sent, {}],
    );
    const cancelled = await campaignWith(
      orgId,
      {
        status: 'CANCELLED',
        scheduledAt: at('20T09:00:00.000'),
        cancelledBy: 'user-3',
        createdAt: at('05T09:00:00.000'),
        completedAt: at('06T09:00:00.000'),
        updatedAt: at('06T09:00:00.000'),
      },
      [{}],
    );
    const completedLater = await campaignWith(
      orgId,
      {
        status: 'COMPLETED',
        createdAt: at('09T09:00:00.000'),
        startedAt: at('09T10:00:00.000'),
        completedAt: CUTOFF,
        updatedAt: CUTOFF,
      },
      [{ status: 'DELIVERED', sentAt: at('09T10:00:01.000'), deliveredAt: at('10T13:00:00.000') }],
    );
    const queued = await campaignWith(
      orgId,
      { status: 'QUEUED', createdAt: at('10T09:00:00.000'), updatedAt: at('10T09:00:00.000') },
      [{}],
    );
    const tooLate = await campaignWith(orgId, { status: 'QUEUED', createdAt: CUTOFF, updatedAt: CUTOFF }, [
      { status: 'SENT', sentAt: at('09T10:00:01.000') },
    ]);

    const { events } = await exportAll({ before: CUTOFF, limit: 2 });
    const told = (id: string) =>
      parsed(ofCampaign(events, id)).map((e) => [
        e.type.split('.').slice(1, 3).join('.'),
        e.occurredAt,
        e.data,
      ]);

    expect(told(paused.id)).toEqual([
      ['campaign.created', '2026-03-04T09:00:00.000Z', expect.objectContaining({ status: 'QUEUED' })],
      ['campaign.started', '2026-03-04T10:00:00.000Z', expect.anything()],
      [
        'recipient.status_changed',
        '2026-03-04T10:00:01.000Z',
        expect.objectContaining({ changes: [expect.anything()] }),
      ],
      [
        'campaign.status_changed',
        '2026-03-05T10:00:00.000Z',
        expect.objectContaining({
          from: 'SENDING',
          to: 'PAUSED',
          code: 'MANUAL',
          reason: MANUAL_PAUSE_REASON,
          actorId: 'user-2',
        }),
      ],
    ]);
    expect(told(cancelled.id)).toEqual([
      [
        'campaign.created',
        '2026-03-05T09:00:00.000Z',
        expect.objectContaining({ status: 'SCHEDULED', scheduledAt: '2026-03-20T09:00:00.000Z' }),
      ],
      [
        'campaign.status_changed',
        '2026-03-06T09:00:00.000Z',
        expect.objectContaining({
          from: 'SCHEDULED',
          to: 'CANCELLED',
          code: null,
          reason: CANCEL_REASON,
          actorId: 'user-3',
        }),
      ],
    ]);
    // Completed at the cutoff: still SENDING then, its delivery not yet known.
    expect(told(completedLater.id)).toEqual([
      ['campaign.created', '2026-03-09T09:00:00.000Z', expect.anything()],
      ['campaign.started', '2026-03-09T10:00:00.000Z', expect.anything()],
      [
        'recipient.status_changed',
        '2026-03-09T10:00:01.000Z',
        expect.objectContaining({ changes: [expect.objectContaining({ from: 'PENDING', to: 'SENT' })] }),
      ],
    ]);
    expect(told(queued.id)).toEqual([['campaign.created', '2026-03-10T09:00:00.000Z', expect.anything()]]);
    expect(told(tooLate.id)).toEqual([]);
  });

  it('splits a large campaign across pages inside it, every event once, the same ids on every export', async () => {
    const orgId = newOrg();
    const big = await seedCampaign(bed.deps.db, { orgId, recipients: 3000 });
    await bed.deps.db
      .update(campaigns)
      .set({
        status: 'COMPLETED',
        createdAt: at('07T09:00:00.000'),
        startedAt: at('07T09:00:00.000'),
        updatedAt: at('07T12:00:00.000'),
        completedAt: at('07T12:00:00.000'),
      })
      .where(eq(campaigns.id, big.id));
    // Every recipient sent, delivered, read and replied, a second apart.
    await bed.deps.db.execute(sql`
      update campaigns.campaign_recipients set status = 'REPLIED', wa_id = '52155' || seq,
        provider_message_id = 'wamid.' || id,
        sent_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + seq * interval '1 second',
        delivered_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + (seq + 1) * interval '1 second',
        read_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + (seq + 2) * interval '1 second',
        replied_at = ${at('07T09:00:00.000').toISOString()}::timestamptz + (seq + 3) * interval '1 second'
      where campaign_id = ${big.id}`);

    const first = await exportAll({ before: CUTOFF, limit: 1000 });
    const mine = first.pages.map((p) => ofCampaign(p, big.id)).filter((p) => p.length > 0);
    expect(mine.length).toBeGreaterThan(1);
    for (const page of first.pages) expect(page.length).toBeLessThanOrEqual(HISTORY_PAGE_MAX_EVENTS);
    // Created once, on the first page; the following pages go on inside the campaign.
    expect(mine[0][0].type).toBe(CAMPAIGNS_EVENTS.campaignCreated);
    expect(mine.slice(1).map((p) => p[0].type)).toEqual(
      mine.slice(1).map(() => CAMPAIGNS_EVENTS.recipientsStatusChanged),
    );
    const all = parsed(ofCampaign(first.events, big.id));
    const changes = all.flatMap((e) =>
      e.type === CAMPAIGNS_EVENTS.recipientsStatusChanged
        ? (e.data as { changes: { recipientId: string; to: string }[] }).changes
        : [],
    );
    expect(changes).toHaveLength(4 * 3000);
    expect(new Set(changes.map((c) => `${c.recipientId}:${c.to}`)).size).toBe(4 * 3000);
    expect(all.filter((e) => e.type === CAMPAIGNS_EVENTS.recipientReplied)).toHaveLength(3000);
    expect(all.at(-1)).toMatchObject({
      type: CAMPAIGNS_EVENTS.campaignCompleted,
      data: { sent: 3000, failed: 0 },
    });
    expect(new Set(first.events.map((e) => e.id)).size).toBe(first.events.length);

    const again = await exportAll({ before: CUTOFF, limit: 1 });
    expect(again.events).toEqual(first.events);
  });

  it('answers only the analytics rebuild over gRPC, and refuses what it cannot read', async () => {
    const request = { before: CUTOFF.toISOString(), after: '', limit: 5 };
    const admin = bed.caller(newOrg(), 'ADMIN');
    await expect(bed.grpc.call.ExportHistory(request, bed.callAs(admin))).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    await expect(
      bed.grpc.call.ExportHistory(request, bed.callAs(serviceCaller('inbox', 0, 'r'))),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const page = await bed.grpc.call.ExportHistory(request, bed.callAs(rebuild));
    expect(page.events.length).toBeGreaterThan(0);
    for (const bad of [{ before: 'soon' }, { after: 'bm90IG91cnM' }, { limit: 5000 }])
      await expect(
        bed.grpc.call.ExportHistory({ ...request, ...bad }, bed.callAs(rebuild)),
      ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });
});
