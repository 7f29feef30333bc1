import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { campaignInput, mexicanRecipients, refusalOf } from '../../testing/campaign-builders';
import { setRecipientStates } from '../../testing/recipient-states';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { cancelCampaign } from './cancel-campaign';
import { createCampaign } from './create-campaign';
import { pauseCampaign } from './pause-campaign';
import { resumeCampaign } from './resume-campaign';

const testbed = openForTestFile(() => createCampaignsTestbed({ settings: { sliceSize: 2 } }));

const eventsOf = async (campaignId: string, type: string) =>
  (await testbed.recordedEvents()).filter((e) => e.type === type && e.data.campaignId === campaignId);

async function queuedCampaign(recipients = 5) {
  const org = await testbed.orgWithChannel();
  const template = await testbed.seedTemplate(org);
  const created = await createCampaign(
    testbed.deps,
    org.admin,
    campaignInput(template.id, { recipients: mexicanRecipients(recipients) }),
  );
  return { org, template, id: created.campaign.id };
}

describe('pausing, resuming and cancelling a campaign', () => {
  it('pauses with the MANUAL code and who did it, and resumes with send jobs for the slices still holding PENDING recipients', async () => {
    const { org, id } = await queuedCampaign(5);
    const paused = await pauseCampaign(testbed.deps, org.agent, id);
    expect(paused.row).toMatchObject({
      status: 'PAUSED',
      pauseCode: 'MANUAL',
      pauseReason: 'Paused by a person',
      pausedBy: org.agent.userId,
    });
    // Sent meanwhile: slice [0, 2) is done, [2, 4) has one left, [4, 5) is being sent.
    await setRecipientStates(testbed.deps.db, id, [0, 1, 2], { status: 'SENT' });
    await setRecipientStates(testbed.deps.db, id, [4], { status: 'DISPATCHING' });

    const resumed = await resumeCampaign(testbed.deps, org.admin, id);
    expect(resumed.row).toMatchObject({ status: 'QUEUED', pauseCode: 'MANUAL' });
    const jobs = (await eventsOf(id, CAMPAIGNS_EVENTS.sendRequested)).map((e) => [
      e.data.fromSeq,
      e.data.toSeq,
    ]);
    // Three at creation, then only the slice holding seq 3.
    expect(jobs).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
      [2, 4],
    ]);
    const changes = (await eventsOf(id, CAMPAIGNS_EVENTS.campaignStatusChanged)).map((e) => e.data);
    expect(changes).toEqual([
      expect.objectContaining({ from: 'QUEUED', to: 'PAUSED', code: 'MANUAL', actorId: org.agent.userId }),
      expect.objectContaining({ from: 'PAUSED', to: 'QUEUED', code: null, actorId: org.admin.userId }),
    ]);
  });

  it('resumes a campaign with nobody left PENDING with one send job, so that a worker completes it', async () => {
    const { org, id } = await queuedCampaign(3);
    await pauseCampaign(testbed.deps, org.admin, id);
    await setRecipientStates(testbed.deps.db, id, [0, 1, 2], { status: 'DELIVERED' });
    await resumeCampaign(testbed.deps, org.admin, id);
    const jobs = (await eventsOf(id, CAMPAIGNS_EVENTS.sendRequested)).map((e) => [
      e.data.fromSeq,
      e.data.toSeq,
    ]);
    expect(jobs.slice(2)).toEqual([[0, 2]]);
  });

  it('resumes a paused SCHEDULED campaign to SCHEDULED while its time is ahead, without send jobs', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const scheduledAt = new Date(testbed.deps.now().getTime() + 3_600_000).toISOString();
    const { campaign } = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { scheduledAt }),
    );
    await pauseCampaign(testbed.deps, org.admin, campaign.id);
    expect((await resumeCampaign(testbed.deps, org.admin, campaign.id)).row.status).toBe('SCHEDULED');
    expect(await eventsOf(campaign.id, CAMPAIGNS_EVENTS.sendRequested)).toEqual([]);
  });

  it('cancels for good: who cancelled kept, recipients left PENDING, every later action 409', async () => {
    const { org, id } = await queuedCampaign(3);
    const cancelled = await cancelCampaign(testbed.deps, org.agent, id);
    expect(cancelled.row).toMatchObject({ status: 'CANCELLED', cancelledBy: org.agent.userId });
    expect(cancelled.row.completedAt).toBeInstanceOf(Date);
    expect(cancelled.stats.counts).toMatchObject({ total: 3, pending: 3 });
    for (const action of [cancelCampaign, resumeCampaign, pauseCampaign])
      expect(await refusalOf(action(testbed.deps, org.admin, id))).toMatchObject({
        status: 409,
        code: 'INVALID_TRANSITION',
      });
  });

  it('refuses to resume what is not paused, and to pause it twice, over gRPC too', async () => {
    const { org, id } = await queuedCampaign(1);
    const call = testbed.callAs(org.admin);
    expect(await refusalOf(testbed.grpc.call.ResumeCampaign({ id }, call))).toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
    });
    expect((await testbed.grpc.call.PauseCampaign({ id }, call)).status).toBe('PAUSED');
    expect(await refusalOf(testbed.grpc.call.PauseCampaign({ id }, call))).toMatchObject({ status: 409 });
    expect(await refusalOf(testbed.grpc.call.CancelCampaign({ id: 'not-an-id' }, call))).toMatchObject({
      status: 404,
    });
  });
});
