import { and, asc, eq } from 'drizzle-orm';
import { CAMPAIGNS_EVENTS, type EventEnvelope } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { applyEvent } from '../../projections';
import { analyticsEvent } from '../../testing/events';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { campaignRecipients, campaigns } from '../schema';
import { OUTCOME_UNKNOWN } from './recipients';

const testbed = openForTestFile(createAnalyticsTestbed);

const BASE = Date.parse('2025-03-10T12:00:00Z');
const t = (minutes: number) => new Date(BASE + minutes * 60_000);

let nextOrg = 300;

interface Change {
  recipientId: string;
  to: string;
  at: Date;
  errorCode?: string | null;
  cost?: number | null;
}

function campaignEvents() {
  const orgId = nextOrg++;
  const campaignId = newId();
  const ref = { campaignId, name: 'Pedidos listos', templateId: 'tpl-1' };
  return {
    orgId,
    campaignId,
    created: (at: Date, recipients = 3) =>
      analyticsEvent(CAMPAIGNS_EVENTS.campaignCreated, orgId, at, {
        ...ref,
        templateName: 'order_ready',
        templateCategory: 'UTILITY',
        kind: 'STANDARD',
        status: 'QUEUED',
        recipients,
        scheduledAt: null,
        estimatedCost: 0.0375,
        currency: 'USD',
        actorId: null,
      }),
    started: (at: Date) =>
      analyticsEvent(CAMPAIGNS_EVENTS.campaignStarted, orgId, at, { ...ref, startedAt: at.toISOString() }),
    status: (at: Date, from: string, to: string) =>
      analyticsEvent(CAMPAIGNS_EVENTS.campaignStatusChanged, orgId, at, {
        ...ref,
        from,
        to,
        code: to === 'PAUSED' ? 'MANUAL' : null,
        reason: null,
        actorId: null,
      }),
    completed: (at: Date) =>
      analyticsEvent(CAMPAIGNS_EVENTS.campaignCompleted, orgId, at, {
        ...ref,
        completedAt: at.toISOString(),
        total: 3,
        sent: 3,
        failed: 0,
      }),
    moved: (...changes: Change[]) =>
      analyticsEvent(CAMPAIGNS_EVENTS.recipientsStatusChanged, orgId, t(100), {
        campaignId,
        changes: changes.map((c) => ({
          recipientId: c.recipientId,
          phone: '+5215512345678',
          waId: '5215512345678',
          providerMessageId: `wamid.${c.recipientId}`,
          from: 'PENDING',
          to: c.to,
          at: c.at.toISOString(),
          errorCode: c.errorCode ?? null,
          pricing: null,
          cost: c.cost ?? null,
        })),
      }),
    replied: (recipientId: string, sentAt: Date, repliedAt: Date) =>
      analyticsEvent(CAMPAIGNS_EVENTS.recipientReplied, orgId, repliedAt, {
        campaignId,
        recipientId,
        conversationId: newId(),
        waId: '5215512345678',
        providerMessageId: `wamid.${recipientId}`,
        templateName: 'order_ready',
        templateLanguage: 'es_MX',
        renderedText: 'Su pedido está listo',
        deliveryStatus: 'DELIVERED',
        sentAt: sentAt.toISOString(),
        repliedAt: repliedAt.toISOString(),
      }),
  };
}

async function campaignRow(orgId: number, id: string) {
  const [row] = await testbed.deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, id)));
  return row;
}

async function recipient(id: string) {
  const [row] = await testbed.deps.db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.recipientId, id));
  return row;
}

async function recipientsOf(campaignId: string) {
  return testbed.deps.db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(asc(campaignRecipients.recipientId));
}

const stages = (row: Awaited<ReturnType<typeof recipient>>) => ({
  status: row.status,
  sentAt: row.sentAt,
  deliveredAt: row.deliveredAt,
  readAt: row.readAt,
  repliedAt: row.repliedAt,
  failedAt: row.failedAt,
  errorCode: row.errorCode,
  cost: row.cost,
});

describe('campaign projections', () => {
  it('records a campaign as created and follows its status until it finishes', async () => {
    const c = campaignEvents();
    await testbed.apply(c.created(t(0)));
    expect(await campaignRow(c.orgId, c.campaignId)).toMatchObject({
      name: 'Pedidos listos',
      createdAt: t(0),
      status: 'QUEUED',
      recipients: 3,
      estimatedCost: 0.0375,
      currency: 'USD',
    });
    await testbed.apply(c.started(t(1)), c.status(t(2), 'SENDING', 'PAUSED'));
    expect(await campaignRow(c.orgId, c.campaignId)).toMatchObject({ status: 'PAUSED' });
    // Completed, then a resume delivered late: a finished campaign stays finished.
    await testbed.apply(c.completed(t(5)), c.status(t(3), 'PAUSED', 'SENDING'));
    expect(await campaignRow(c.orgId, c.campaignId)).toMatchObject({ status: 'COMPLETED' });
  });

  it('refuses a status change for a campaign not created yet (the bus retries it)', async () => {
    const c = campaignEvents();
    await expect(testbed.deps.db.transaction((tx) => applyEvent(tx, c.started(t(1))))).rejects.toMatchObject({
      code: 'NOT_PROJECTED_YET',
    });
    await testbed.apply(c.created(t(0)), c.started(t(1)));
    expect(await campaignRow(c.orgId, c.campaignId)).toMatchObject({ status: 'SENDING' });
  });

  it('moves recipients forward only, each stage at its first time, whatever the order', async () => {
    const c = campaignEvents();
    const [a, b, f] = ['r-a', 'r-b', 'r-f'].map((r) => `${c.campaignId}-${r}`);
    await testbed.apply(
      c.created(t(0)),
      // b: read reported before anything else; its sent and delivered come later.
      c.moved({ recipientId: b, to: 'READ', at: t(9) }),
      c.moved({ recipientId: a, to: 'SENT', at: t(1) }, { recipientId: b, to: 'SENT', at: t(1) }),
      // One webhook can move a recipient twice: both moves apply.
      c.moved(
        { recipientId: a, to: 'DELIVERED', at: t(2), cost: 0.0125 },
        { recipientId: a, to: 'READ', at: t(4) },
      ),
      c.moved({ recipientId: b, to: 'DELIVERED', at: t(3), cost: 0.0125 }),
      // f: sent, then failed; a late "sent" does not undo the failure.
      c.moved({ recipientId: f, to: 'FAILED', at: t(6), errorCode: '131026' }),
      c.moved({ recipientId: f, to: 'SENT', at: t(1) }),
    );
    expect(stages(await recipient(a))).toEqual({
      status: 'READ',
      sentAt: t(1),
      deliveredAt: t(2),
      readAt: t(4),
      repliedAt: null,
      failedAt: null,
      errorCode: null,
      cost: 0.0125,
    });
    expect(stages(await recipient(b))).toMatchObject({
      status: 'READ',
      sentAt: t(1),
      deliveredAt: t(3),
      readAt: t(9),
      cost: 0.0125,
    });
    expect(stages(await recipient(f))).toMatchObject({
      status: 'FAILED',
      sentAt: t(1),
      deliveredAt: null,
      failedAt: t(6),
      errorCode: '131026',
    });
  });

  it('fills the stages a read or a reply skipped', async () => {
    const c = campaignEvents();
    const [read, replied] = ['r-read', 'r-replied'].map((r) => `${c.campaignId}-${r}`);
    await testbed.apply(
      c.moved({ recipientId: read, to: 'SENT', at: t(1) }, { recipientId: read, to: 'READ', at: t(5) }),
      c.replied(replied, t(1), t(7)),
    );
    expect(stages(await recipient(read))).toMatchObject({ status: 'READ', deliveredAt: t(5), readAt: t(5) });
    expect(stages(await recipient(replied))).toMatchObject({
      status: 'REPLIED',
      sentAt: t(1),
      deliveredAt: t(7),
      readAt: t(7),
      repliedAt: t(7),
    });
    // The real delivery and read, reported late, are earlier: they win.
    await testbed.apply(
      c.moved(
        { recipientId: replied, to: 'DELIVERED', at: t(2) },
        { recipientId: replied, to: 'READ', at: t(3) },
      ),
    );
    expect(stages(await recipient(replied))).toMatchObject({
      status: 'REPLIED',
      deliveredAt: t(2),
      readAt: t(3),
      repliedAt: t(7),
    });
  });

  it('lets WhatsApp’s word replace an unknown outcome, in either order', async () => {
    const c = campaignEvents();
    const [first, later] = ['r-1', 'r-2'].map((r) => `${c.campaignId}-${r}`);
    const unknown = (recipientId: string) =>
      c.moved({ recipientId, to: 'FAILED', at: t(5), errorCode: OUTCOME_UNKNOWN });
    const delivered = (recipientId: string) =>
      c.moved({ recipientId, to: 'DELIVERED', at: t(2), cost: 0.01 });
    await testbed.apply(unknown(first), delivered(first), delivered(later), unknown(later));
    for (const id of [first, later])
      expect(stages(await recipient(id))).toEqual({
        status: 'DELIVERED',
        sentAt: t(2),
        deliveredAt: t(2),
        readAt: null,
        repliedAt: null,
        failedAt: null,
        errorCode: null,
        cost: 0.01,
      });
    // A real failure replaces an unknown outcome too.
    const failed = `${c.campaignId}-r-3`;
    await testbed.apply(
      unknown(failed),
      c.moved({ recipientId: failed, to: 'FAILED', at: t(6), errorCode: '131049' }),
    );
    expect(stages(await recipient(failed))).toMatchObject({
      status: 'FAILED',
      errorCode: '131049',
      failedAt: t(6),
    });
  });

  it('changes nothing when its events are applied twice', async () => {
    const c = campaignEvents();
    const [a, b] = ['r-a', 'r-b'].map((r) => `${c.campaignId}-${r}`);
    const events: EventEnvelope[] = [
      c.created(t(0)),
      c.started(t(1)),
      c.moved({ recipientId: a, to: 'SENT', at: t(1) }, { recipientId: b, to: 'SENT', at: t(1) }),
      c.moved({ recipientId: a, to: 'DELIVERED', at: t(2), cost: 0.0125 }),
      c.moved({ recipientId: b, to: 'FAILED', at: t(3), errorCode: '131026' }),
      c.replied(a, t(1), t(8)),
      c.completed(t(9)),
    ];
    await testbed.apply(...events);
    const once = {
      campaign: await campaignRow(c.orgId, c.campaignId),
      recipients: await recipientsOf(c.campaignId),
    };
    await testbed.apply(...events);
    expect({
      campaign: await campaignRow(c.orgId, c.campaignId),
      recipients: await recipientsOf(c.campaignId),
    }).toEqual(once);
    expect(once.recipients.map((r) => r.status)).toEqual(['REPLIED', 'FAILED']);
  });
});
