import { status as GrpcStatus } from '@grpc/grpc-js';
import { CAMPAIGNS_EVENTS, HISTORY_SERVICE_PRINCIPAL } from '@inbox/contracts';
import { encodeCursor, serviceCaller } from '@inbox/platform';
import { NO_SEND_ACCEPTED_REASON } from '../../domain/campaign-reasons';
import {
  at,
  campaignWith,
  changesIn,
  CUTOFF,
  exportAll,
  ofCampaign,
  parsed,
  toldOf,
} from '../../testing/history-export';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { CANCEL_REASON } from '../../domain/campaign-reasons';
import { MANUAL_PAUSE_REASON } from '../campaigns/pause-campaign';

const bed = openForTestFile(() => createCampaignsTestbed());
const rebuild = serviceCaller(HISTORY_SERVICE_PRINCIPAL, 0, 'history-test');

let lastOrg = 8100;
const newOrg = () => ++lastOrg;

const sent = (day: string) => ({ status: 'SENT' as const, sentAt: at(day) });

describe('ExportHistory (campaigns): a campaign as it stood at the cutoff, and who may ask', () => {
  it('tells the latest status change from the stored status and its time, and nothing at or after the cutoff', async () => {
    const orgId = newOrg();
    const db = bed.deps.db;
    const paused = await campaignWith(
      db,
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
      [sent('04T10:00:01.000'), {}],
    );
    const cancelled = await campaignWith(
      db,
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
    const failed = await campaignWith(
      db,
      orgId,
      {
        status: 'FAILED',
        createdAt: at('06T09:00:00.000'),
        startedAt: at('06T10:00:00.000'),
        completedAt: at('06T10:01:00.000'),
        updatedAt: at('06T10:01:00.000'),
      },
      [{ status: 'FAILED', errorCode: '131026', failedAt: at('06T10:00:30.000') }],
    );
    const queued = await campaignWith(
      db,
      orgId,
      { status: 'QUEUED', createdAt: at('10T09:00:00.000'), updatedAt: at('10T09:00:00.000') },
      [{}],
    );

    const { events } = await exportAll(db, { before: CUTOFF, limit: 2 });
    const changed = (data: object) => [
      'campaign.status_changed',
      expect.any(String),
      expect.objectContaining(data),
    ];

    expect(toldOf(events, paused.id)).toEqual([
      ['campaign.created', '2026-03-04T09:00:00.000Z', expect.objectContaining({ status: 'QUEUED' })],
      ['campaign.started', '2026-03-04T10:00:00.000Z', expect.anything()],
      ['recipient.status_changed', '2026-03-04T10:00:01.000Z', expect.anything()],
      changed({
        from: 'SENDING',
        to: 'PAUSED',
        code: 'MANUAL',
        reason: MANUAL_PAUSE_REASON,
        actorId: 'user-2',
      }),
    ]);
    expect(toldOf(events, cancelled.id)).toEqual([
      [
        'campaign.created',
        '2026-03-05T09:00:00.000Z',
        expect.objectContaining({ status: 'SCHEDULED', scheduledAt: '2026-03-20T09:00:00.000Z' }),
      ],
      changed({ from: 'SCHEDULED', to: 'CANCELLED', code: null, reason: CANCEL_REASON, actorId: 'user-3' }),
    ]);
    // WhatsApp accepted none of its sends: FAILED with the words the finish publishes.
    expect(toldOf(events, failed.id).at(-1)).toEqual([
      'campaign.status_changed',
      '2026-03-06T10:01:00.000Z',
      expect.objectContaining({ from: 'SENDING', to: 'FAILED', code: null, reason: NO_SEND_ACCEPTED_REASON }),
    ]);
    expect(toldOf(events, queued.id)).toEqual([
      ['campaign.created', '2026-03-10T09:00:00.000Z', expect.anything()],
    ]);
  });

  it('tells a campaign that moved after the cutoff as it stood before it', async () => {
    const orgId = newOrg();
    const db = bed.deps.db;
    // Completed at the cutoff: still SENDING then, its delivery not yet known.
    const completedLater = await campaignWith(
      db,
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
    // Paused before the cutoff, cancelled after it: the pause was overwritten, the cancel not yet.
    const cancelledLater = await campaignWith(
      db,
      orgId,
      {
        status: 'CANCELLED',
        cancelledBy: 'user-4',
        createdAt: at('08T09:00:00.000'),
        startedAt: at('08T10:00:00.000'),
        completedAt: at('11T09:00:00.000'),
        updatedAt: at('11T09:00:00.000'),
      },
      [sent('08T10:00:01.000')],
    );
    // Created before the cutoff, started after it: its sends are not yet.
    const startedLater = await campaignWith(
      db,
      orgId,
      {
        status: 'SENDING',
        createdAt: at('10T11:00:00.000'),
        startedAt: at('10T12:30:00.000'),
        updatedAt: at('10T12:30:00.000'),
      },
      [sent('10T12:30:01.000')],
    );
    const createdLater = await campaignWith(
      db,
      orgId,
      { status: 'QUEUED', createdAt: CUTOFF, updatedAt: CUTOFF },
      [sent('09T10:00:01.000')],
    );

    const { events } = await exportAll(db, { before: CUTOFF, limit: 100 });

    const sentOnly = expect.objectContaining({
      changes: [expect.objectContaining({ from: 'PENDING', to: 'SENT' })],
    });
    expect(toldOf(events, completedLater.id)).toEqual([
      ['campaign.created', '2026-03-09T09:00:00.000Z', expect.anything()],
      ['campaign.started', '2026-03-09T10:00:00.000Z', expect.anything()],
      ['recipient.status_changed', '2026-03-09T10:00:01.000Z', sentOnly],
    ]);
    expect(toldOf(events, cancelledLater.id)).toEqual([
      ['campaign.created', '2026-03-08T09:00:00.000Z', expect.anything()],
      ['campaign.started', '2026-03-08T10:00:00.000Z', expect.anything()],
      ['recipient.status_changed', '2026-03-08T10:00:01.000Z', sentOnly],
    ]);
    expect(toldOf(events, startedLater.id)).toEqual([
      ['campaign.created', '2026-03-10T11:00:00.000Z', expect.objectContaining({ status: 'QUEUED' })],
    ]);
    expect(toldOf(events, createdLater.id)).toEqual([]);
  });

  it('counts a completion as the recipients stood then, and tells no recipient change made after the cutoff', async () => {
    const orgId = newOrg();
    const sentAt = at('03T10:00:01.000');
    const campaign = await campaignWith(
      bed.deps.db,
      orgId,
      {
        status: 'COMPLETED',
        createdAt: at('03T09:00:00.000'),
        startedAt: at('03T10:00:00.000'),
        completedAt: at('03T11:00:00.000'),
        updatedAt: at('03T11:00:00.000'),
      },
      [
        // Failed by a status webhook after the cutoff: sent, as far as the cutoff knows.
        { status: 'FAILED', errorCode: '131049', sentAt, failedAt: at('10T13:00:00.000') },
        // Failed after the completion, before the cutoff: counted sent, told failed.
        { status: 'FAILED', errorCode: '131049', sentAt, failedAt: at('04T09:00:00.000') },
        { status: 'FAILED', errorCode: '131026', failedAt: at('03T10:00:02.000') },
        // Delivered after the completion.
        { status: 'DELIVERED', sentAt, deliveredAt: at('05T09:00:00.000') },
      ],
    );
    const [r0, r1, r2, r3] = campaign.recipientIds;

    const { events } = await exportAll(bed.deps.db, { before: CUTOFF, limit: 100 });
    const mine = parsed(ofCampaign(events, campaign.id));

    expect(changesIn(mine).map((c) => [c.recipientId, c.to])).toEqual([
      [r0, 'SENT'],
      [r1, 'SENT'],
      [r3, 'SENT'],
      [r2, 'FAILED'],
      [r1, 'FAILED'],
      [r3, 'DELIVERED'],
    ]);
    expect(mine.at(-1)).toMatchObject({
      type: CAMPAIGNS_EVENTS.campaignCompleted,
      occurredAt: '2026-03-03T11:00:00.000Z',
      data: { total: 4, sent: 3, failed: 1 },
    });
  });

  it('answers only the analytics rebuild over gRPC, and refuses what it cannot read', async () => {
    const orgId = newOrg();
    const campaign = await campaignWith(bed.deps.db, orgId, { createdAt: at('02T09:00:00.000') }, [{}]);
    const elsewhere = await campaignWith(bed.deps.db, orgId, { createdAt: CUTOFF }, [{}]);
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
    const resumed = { ...request, after: encodeCursor([campaign.id, 0, 0, 0]) };
    await expect(bed.grpc.call.ExportHistory(resumed, bed.callAs(rebuild))).resolves.toBeDefined();
    // Forged cursors (every shape: domain/history/campaign-cursor.test.ts) are refused, never
    // taken for the first page or for a campaign this export does not tell (created at the cutoff).
    for (const bad of [
      { before: 'soon' },
      { before: '+010000-01-01T00:00:00Z' },
      { after: 'bm90IG91cnM' },
      { after: encodeCursor([null, null, null, null]) },
      { after: encodeCursor([campaign.id, 250, null, null]) },
      { after: encodeCursor([elsewhere.id, 0, 0, 0]) },
      { limit: 5000 },
    ])
      await expect(
        bed.grpc.call.ExportHistory({ ...request, ...bad }, bed.callAs(rebuild)),
      ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });
});
