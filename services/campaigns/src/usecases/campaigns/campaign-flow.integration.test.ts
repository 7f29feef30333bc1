import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { normalizePhone } from '@inbox/whatsapp';
import { NO_SEND_ACCEPTED_REASON } from '../../domain/campaign-reasons';
import { campaignInput, mexicanRecipients } from '../../testing/campaign-builders';
import { simFailure } from '../../testing/send-builders';
import { createCampaignsTestbed, openForTestFile, type OrgWithChannel } from '../../testing/testbed';
import { createCampaign } from './create-campaign';
import { getCampaign } from './get-campaign';
import { resumeCampaign } from './resume-campaign';
import { pauseCampaign } from './pause-campaign';

// The app with its worker: send jobs go through the outbox, the bus and the send queue.
const testbed = openForTestFile(() => createCampaignsTestbed({ worker: true, settings: { sliceSize: 4 } }));

async function waitFor(org: OrgWithChannel, id: string, done: (status: string, pending: number) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { row, stats } = (await getCampaign(testbed.deps, org.admin, id)).campaign;
    if (done(row.status, stats.counts.pending) || Date.now() > deadline) return { row, stats };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a campaign from creation to the last send', () => {
  it('is sent by the worker, each recipient once, and completes', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const { campaign } = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { recipients: mexicanRecipients(10) }),
    );
    const { row, stats } = await waitFor(org, campaign.id, (status) => status === 'COMPLETED');
    expect(row.status).toBe('COMPLETED');
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(stats.counts.pending).toBe(0);
    const counts = await testbed.sentCounts(org);
    expect(counts.templates[template.name]).toEqual({ sends: 10, recipients: 10, duplicated: 0 });
    expect(counts.callbackData).toMatchObject({ distinct: 10, duplicated: 0 });
  });

  it('sends nothing while paused, then everyone once when resumed', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const scheduledAt = new Date(testbed.deps.now().getTime() + 3_600_000).toISOString();
    const { campaign } = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { recipients: mexicanRecipients(9), scheduledAt }),
    );
    await pauseCampaign(testbed.deps, org.admin, campaign.id);
    expect((await testbed.sentCounts(org)).sends).toBe(0);
    // Resumed while its time is ahead: SCHEDULED again; once due, the scheduler's pass would queue it.
    expect((await resumeCampaign(testbed.deps, org.admin, campaign.id)).row.status).toBe('SCHEDULED');
    await pauseCampaign(testbed.deps, org.admin, campaign.id);
    testbed.advanceClock(2 * 3_600_000);
    expect((await resumeCampaign(testbed.deps, org.admin, campaign.id)).row.status).toBe('QUEUED');
    const { row } = await waitFor(org, campaign.id, (status) => status === 'COMPLETED');
    expect(row.status).toBe('COMPLETED');
    expect((await testbed.sentCounts(org)).templates[template.name]).toEqual({
      sends: 9,
      recipients: 9,
      duplicated: 0,
    });
  });

  it('ends FAILED when WhatsApp accepts none of its sends, each recipient failed with WhatsApp’s words', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const recipients = mexicanRecipients(6, 100);
    // Every number refused (131026) before the worker may send the first one.
    for (const { phone } of recipients)
      await simFailure(org.sim.url, { to: normalizePhone(phone)!.e164, code: 131026, mode: 'sync' });
    const { campaign } = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { recipients }),
    );
    const { row, stats } = await waitFor(org, campaign.id, (status) =>
      ['FAILED', 'COMPLETED'].includes(status),
    );
    expect(row.status).toBe('FAILED');
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(stats.counts).toMatchObject({ total: 6, pending: 0, sent: 0, delivered: 0, failed: 6 });
    expect(stats.rates.failure).toBe(1);
    const { recipients: rows } = await getCampaign(testbed.deps, org.admin, campaign.id, { limit: 25 });
    expect(rows.map((r) => [r.status, r.errorCode])).toEqual(Array(6).fill(['FAILED', '131026']));
    expect((await testbed.sentCounts(org)).sends).toBe(0);
    const events = (await testbed.recordedEvents()).filter((e) => e.data.campaignId === campaign.id);
    expect(events.map((e) => e.type)).not.toContain(CAMPAIGNS_EVENTS.campaignCompleted);
    expect(events.find((e) => e.type === CAMPAIGNS_EVENTS.campaignStatusChanged)?.data).toMatchObject({
      from: 'SENDING',
      to: 'FAILED',
      reason: NO_SEND_ACCEPTED_REASON,
    });
  });
});
