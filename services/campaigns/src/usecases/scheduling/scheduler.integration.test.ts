import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { campaignInput } from '../../testing/campaign-builders';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { createCampaign } from '../campaigns/create-campaign';
import { getCampaign } from '../campaigns/get-campaign';
import { pauseCampaign } from '../campaigns/pause-campaign';
import { runSchedulerPass } from './run-scheduler-pass';
import { startScheduler } from './scheduler';

const testbed = openForTestFile(() => createCampaignsTestbed({ settings: { sliceSize: 2 } }));
const HOUR = 3_600_000;

describe('the scheduler', () => {
  it('queues a SCHEDULED campaign once its time has come, with its send jobs; one holder at a time', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const at = (ms: number) => new Date(testbed.deps.now().getTime() + ms).toISOString();
    const soon = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { scheduledAt: at(HOUR) }),
    );
    const later = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { scheduledAt: at(5 * HOUR) }),
    );
    const paused = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { scheduledAt: at(HOUR) }),
    );
    await pauseCampaign(testbed.deps, org.admin, paused.campaign.id);

    expect(await runSchedulerPass(testbed.deps, 'holder-a', 1000)).toBe(0);
    testbed.advanceClock(2 * HOUR);
    expect(await runSchedulerPass(testbed.deps, 'holder-a', 1000)).toBe(1);
    // Another process finds the lease held: the holder runs the passes until it lapses.
    expect(await runSchedulerPass(testbed.deps, 'holder-b', 1000)).toBeNull();

    const status = async (id: string) => (await getCampaign(testbed.deps, org.admin, id)).campaign.row.status;
    expect(await status(soon.campaign.id)).toBe('QUEUED');
    expect(await status(later.campaign.id)).toBe('SCHEDULED');
    expect(await status(paused.campaign.id)).toBe('PAUSED');
    const events = (await testbed.recordedEvents()).filter((e) => e.data.campaignId === soon.campaign.id);
    expect(events.map((e) => e.type)).toEqual([
      CAMPAIGNS_EVENTS.campaignCreated,
      CAMPAIGNS_EVENTS.campaignStatusChanged,
      CAMPAIGNS_EVENTS.sendRequested,
      CAMPAIGNS_EVENTS.sendRequested,
    ]);
    expect(events[1].data).toMatchObject({ from: 'SCHEDULED', to: 'QUEUED', actorId: null });
    expect(events.slice(2).map((e) => [e.data.fromSeq, e.data.toSeq])).toEqual([
      [0, 2],
      [2, 3],
    ]);
    // A second pass finds nothing more due.
    expect(await runSchedulerPass(testbed.deps, 'holder-a', 1000)).toBe(0);
  });

  it('runs passes on its own every interval', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const scheduledAt = new Date(testbed.deps.now().getTime() + 1500).toISOString();
    const created = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { scheduledAt }),
    );
    const scheduler = startScheduler(
      { ...testbed.deps, settings: { ...testbed.deps.settings, workerId: 'holder-a' } },
      200,
    );
    try {
      const deadline = Date.now() + 10_000;
      let status = 'SCHEDULED';
      while (status === 'SCHEDULED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await getCampaign(testbed.deps, org.admin, created.campaign.id)).campaign.row.status;
      }
      expect(status).toBe('QUEUED');
    } finally {
      await scheduler.stop();
    }
  });
});
