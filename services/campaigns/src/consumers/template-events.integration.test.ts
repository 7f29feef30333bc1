import { campaignInput } from '../testing/campaign-builders';
import { createCampaignsTestbed, openForTestFile, type OrgWithChannel } from '../testing/testbed';
import { createCampaign } from '../usecases/campaigns/create-campaign';
import { getCampaign } from '../usecases/campaigns/get-campaign';
import { pauseCampaign } from '../usecases/campaigns/pause-campaign';

const testbed = openForTestFile(() => createCampaignsTestbed());

/** WhatsApp pauses the template (the simulator's review), and the templates service syncs it. */
async function whatsappPauses(org: OrgWithChannel, name: string) {
  const listed = (await (await fetch(`${org.sim.url}/_sim/templates`)).json()) as {
    data: { id: string; name: string }[];
  };
  const providerId = listed.data.find((t) => t.name === name)!.id;
  const res = await fetch(`${org.sim.url}/_sim/templates/${providerId}/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'pause' }),
  });
  expect(res.status).toBeLessThan(300);
  await testbed.templatesGrpc.call.SyncTemplates({}, testbed.callAs(org.admin));
}

async function waitForStatus(org: OrgWithChannel, id: string, status: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { row } = (await getCampaign(testbed.deps, org.admin, id)).campaign;
    if (row.status === status || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the templates service's events", () => {
  it('pause the unfinished campaigns of a template WhatsApp paused, with TEMPLATE_PAUSED and why', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const queued = await createCampaign(testbed.deps, org.admin, campaignInput(template.id));
    const scheduled = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    const pausedByHand = await createCampaign(testbed.deps, org.admin, campaignInput(template.id));
    await pauseCampaign(testbed.deps, org.admin, pausedByHand.campaign.id);
    const other = await testbed.seedTemplate(org);
    const untouched = await createCampaign(testbed.deps, org.admin, campaignInput(other.id));

    await whatsappPauses(org, template.name);

    for (const { campaign } of [queued, scheduled])
      expect(await waitForStatus(org, campaign.id, 'PAUSED')).toMatchObject({
        status: 'PAUSED',
        pauseCode: 'TEMPLATE_PAUSED',
        pauseReason: expect.stringContaining(`Template ${template.name} (es_MX) is PAUSED`),
        pausedBy: null,
      });
    expect(
      (await getCampaign(testbed.deps, org.admin, pausedByHand.campaign.id)).campaign.row.pauseCode,
    ).toBe('MANUAL');
    expect((await getCampaign(testbed.deps, org.admin, untouched.campaign.id)).campaign.row.status).toBe(
      'QUEUED',
    );
  });

  it('pause them with TEMPLATE_NOT_APPROVED when the template is removed', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const { campaign } = await createCampaign(testbed.deps, org.admin, campaignInput(template.id));
    await testbed.templatesGrpc.call.RemoveTemplate({ id: template.id }, testbed.callAs(org.admin));
    expect(await waitForStatus(org, campaign.id, 'PAUSED')).toMatchObject({
      pauseCode: 'TEMPLATE_NOT_APPROVED',
    });
  });
});
