import { campaignInput, mexicanRecipients, refusalOf } from '../../testing/campaign-builders';
import { setRecipientStates } from '../../testing/recipient-states';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { cancelCampaign } from './cancel-campaign';
import { createCampaign } from './create-campaign';
import { pauseCampaign } from './pause-campaign';

const testbed = openForTestFile(() => createCampaignsTestbed());

describe('reading campaigns', () => {
  it('lists newest first by cursor or by page, filtered by status and kind, one organization only', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { campaign } = await createCampaign(
        testbed.deps,
        org.admin,
        campaignInput(template.id, { name: `c${i}` }),
      );
      ids.push(campaign.id);
    }
    await pauseCampaign(testbed.deps, org.admin, ids[1]);
    const other = await testbed.orgWithChannel();
    await createCampaign(testbed.deps, other.admin, campaignInput((await testbed.seedTemplate(other)).id));
    const call = testbed.callAs(org.agent);

    const first = await testbed.grpc.call.ListCampaigns({ page: 0, limit: 2 }, call);
    expect(first.data?.map((c) => c.name)).toEqual(['c4', 'c3']);
    expect(first.data?.[0].counts).toMatchObject({ total: 3, pending: 3 });
    const second = await testbed.grpc.call.ListCampaigns(
      { page: 0, limit: 2, cursor: first.nextCursor },
      call,
    );
    const third = await testbed.grpc.call.ListCampaigns(
      { page: 0, limit: 2, cursor: second.nextCursor },
      call,
    );
    expect(second.data?.map((c) => c.name)).toEqual(['c2', 'c1']);
    expect(third.data?.map((c) => c.name)).toEqual(['c0']);
    expect(third.nextCursor).toBeFalsy();

    const paged = await testbed.grpc.call.ListCampaigns({ page: 2, limit: 2 }, call);
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(paged.data?.map((c) => c.name)).toEqual(['c2', 'c1']);

    const pausedOnly = await testbed.grpc.call.ListCampaigns({ page: 1, limit: 10, status: 'PAUSED' }, call);
    expect(pausedOnly.data?.map((c) => c.id)).toEqual([ids[1]]);
    const surveys = await testbed.grpc.call.ListCampaigns({ page: 1, limit: 10, kind: 'SURVEY' }, call);
    expect(surveys.total).toBe(0);

    expect(
      await refusalOf(testbed.grpc.call.ListCampaigns({ page: 0, limit: 0, cursor: 'bogus' }, call)),
    ).toMatchObject({ status: 400, fields: ['cursor'] });
    expect(
      await refusalOf(testbed.grpc.call.ListCampaigns({ page: 0, limit: 0, status: 'DONE' }, call)),
    ).toMatchObject({ status: 400, fields: ['status'] });
  });

  it('shows a campaign with a page of its recipients, by API status (a recipient being sent is PENDING)', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const { campaign } = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { recipients: mexicanRecipients(30) }),
    );
    await setRecipientStates(testbed.deps.db, campaign.id, [0], { status: 'DISPATCHING' });
    await setRecipientStates(testbed.deps.db, campaign.id, [1, 2], {
      status: 'FAILED',
      errorCode: '131026',
      errorTitle: 'Message undeliverable',
    });
    const call = testbed.callAs(org.agent);

    const detail = await testbed.grpc.call.GetCampaign({ id: campaign.id, page: 0, limit: 0 }, call);
    expect(detail).toMatchObject({ page: 1, limit: 25, total: 30 });
    expect(detail.recipients).toHaveLength(25);
    expect(detail.recipients?.[0]).toMatchObject({ phone: '+525510000000', status: 'PENDING' });
    expect(detail.recipients?.[1]).toMatchObject({
      status: 'FAILED',
      error: { code: '131026', title: 'Message undeliverable' },
      parametersJson: JSON.stringify({ body: ['Cliente 1', 'P-1'] }),
    });

    const pending = await testbed.grpc.call.GetCampaign(
      { id: campaign.id, page: 2, limit: 10, status: 'PENDING' },
      call,
    );
    expect(pending).toMatchObject({ page: 2, limit: 10, total: 28 });
    expect(pending.recipients?.map((r) => r.phone)[0]).toBe('+525510000012');
    const failed = await testbed.grpc.call.GetCampaign(
      { id: campaign.id, page: 1, limit: 10, status: 'FAILED' },
      call,
    );
    expect(failed.total).toBe(2);
    expect(
      await refusalOf(
        testbed.grpc.call.GetCampaign({ id: campaign.id, page: 1, limit: 10, status: 'LOST' }, call),
      ),
    ).toMatchObject({ status: 400, fields: ['status'] });
  });

  it("counts a campaign's recipients: statuses, funnel, rates, failures by code, costs", async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const { campaign } = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { recipients: mexicanRecipients(10) }),
    );
    const set = (seqs: number[], state: Parameters<typeof setRecipientStates>[3]) =>
      setRecipientStates(testbed.deps.db, campaign.id, seqs, state);
    await set([0, 1], { status: 'SENT' });
    await set([2, 3], { status: 'DELIVERED', cost: 0.01 });
    await set([4], { status: 'READ', cost: 0.01 });
    await set([5], { status: 'REPLIED', cost: 0 });
    await set([6, 7], {
      status: 'FAILED',
      errorCode: '131049',
      errorTitle: 'Not delivered',
      sentAt: new Date(),
    });
    await set([8], { status: 'FAILED', errorCode: '131026', errorTitle: 'Undeliverable' });

    const stats = await testbed.grpc.call.GetCampaignStats({ id: campaign.id }, testbed.callAs(org.agent));
    expect(stats).toMatchObject({
      campaignId: campaign.id,
      status: 'QUEUED',
      counts: { total: 10, pending: 1, sent: 2, delivered: 2, read: 1, replied: 1, failed: 3 },
      funnel: { total: 10, pending: 1, sent: 8, delivered: 4, read: 2, replied: 1, failed: 3 },
      rates: { delivery: 0.5, read: 0.5, reply: 0.25, failure: 0.3333 },
      cost: { currency: 'USD', estimated: 0.1, actual: 0.03 },
      failures: [
        { code: '131049', title: 'Not delivered', count: 2 },
        { code: '131026', title: 'Undeliverable', count: 1 },
      ],
    });
  });

  it('sums every campaign of the organization, and only its own', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const a = await createCampaign(testbed.deps, org.admin, campaignInput(template.id));
    const b = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, { recipients: mexicanRecipients(2) }),
    );
    await cancelCampaign(testbed.deps, org.admin, b.campaign.id);
    await setRecipientStates(testbed.deps.db, a.campaign.id, [0, 1], { status: 'DELIVERED', cost: 0.01 });
    const other = await testbed.orgWithChannel();
    await createCampaign(testbed.deps, other.admin, campaignInput((await testbed.seedTemplate(other)).id));

    const global = await testbed.grpc.call.GetGlobalStats({}, testbed.callAs(org.agent));
    expect(global).toMatchObject({
      campaigns: 2,
      campaignsByStatus: { QUEUED: 1, CANCELLED: 1, SENDING: 0 },
      funnel: { total: 5, pending: 3, sent: 2, delivered: 2 },
      rates: { delivery: 1, failure: 0 },
      cost: { currency: 'USD', estimated: 0.05, actual: 0.02 },
    });
  });
});
