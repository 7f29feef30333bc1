import { status as GrpcStatus } from '@grpc/grpc-js';
import { newId } from '@inbox/platform';
import { campaignInput, refusalOf } from '../../testing/campaign-builders';
import { failGraphRequests, graphFailureRules } from '../../testing/graph-failures';
import { campaignStatus, messagesValue, recipientRow, regularPricing } from '../../testing/status-builders';
import { TEST_RATE_CARD } from '../../testing/test-pricing';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { createCampaign } from '../campaigns/create-campaign';
import { applyStatusWebhook } from '../statuses/apply-status-webhook';
import { estimateCost } from './estimate-cost';
import { getPhoneStatus } from './get-phone-status';
import { getProviderCost } from './get-provider-cost';
import { getProviderCosts } from './get-provider-costs';
import { sendRateOf } from './phone-status';

const bed = openForTestFile(() => createCampaignsTestbed());

const rate = (market: string, category: 'marketing' | 'utility') =>
  TEST_RATE_CARD.markets.find((m) => m.market === market)![category];

describe('campaign money', () => {
  it('estimates a list per market at the template category, listing bad numbers and the tier warning', async () => {
    const org = await bed.orgWithChannel({ messagingLimitTier: 'TIER_250' });
    const template = await bed.seedTemplate(org, { category: 'MARKETING' });
    const phones = [
      '+52 55 1234 0001',
      '+52 1 55 1234 0001', // the same Mexican number the old way
      '+52 55 1234 0002',
      '+1 212 555 0100', // New York: North America, and a US number for a marketing template
      '+44 7911 123456', // no market of its own in the test card: Other
      'not a phone',
    ];
    const estimate = await estimateCost(bed.deps, org.admin, { templateId: template.id, phones });
    expect(estimate.templateCategory).toBe('MARKETING');
    expect(estimate.recipients).toBe(4);
    expect(estimate.duplicatesRemoved).toBe(1);
    expect(estimate.invalidRecipients.map((r) => r.reason)).toEqual(['DUPLICATE', 'INVALID_PHONE']);
    expect(estimate.markets.map((m) => [m.market, m.recipients])).toEqual([
      ['MX', 2],
      ['OTHER', 1],
      ['NORTH_AMERICA', 1],
    ]);
    const total =
      2 * rate('MX', 'marketing') + rate('OTHER', 'marketing') + rate('NORTH_AMERICA', 'marketing');
    expect(estimate.total).toBeCloseTo(total, 6);
    expect(estimate.messagingLimitTier).toBe('TIER_250');
    expect(estimate.warnings.map((w) => w.code)).toEqual(['US_MARKETING_BLOCKED']);

    const many = Array.from({ length: 251 }, (_, i) => `+52 55 1000 ${String(i).padStart(4, '0')}`);
    const over = await estimateCost(bed.deps, org.admin, { templateId: template.id, phones: many });
    expect(over.warnings.map((w) => w.code)).toEqual(['MESSAGING_LIMIT_EXCEEDED']);
  });

  it('answers the number as WhatsApp reports it, and the send rate its throughput allows', async () => {
    const org = await bed.orgWithChannel({ throughputLevel: 'HIGH', qualityRating: 'YELLOW' });
    const status = await getPhoneStatus(bed.deps, org.admin);
    expect(status).toMatchObject({
      id: org.phoneNumberId,
      qualityRating: 'YELLOW',
      throughputLevel: 'HIGH',
      status: 'CONNECTED',
    });
    const channel = await bed.deps.inbox.getChannelAccess(org.orgId, newId());
    const unfixed = { ...bed.deps, settings: { ...bed.deps.settings, sendRateOverride: undefined } };
    expect(await sendRateOf(unfixed, channel)).toBe(1000);
    const standard = await bed.orgWithChannel({ throughputLevel: 'STANDARD' });
    const standardChannel = await bed.deps.inbox.getChannelAccess(standard.orgId, newId());
    expect(await sendRateOf(unfixed, standardChannel)).toBe(80);
    expect(await sendRateOf(bed.deps, standardChannel)).toBe(bed.deps.settings.sendRateOverride);
  });

  it('sums the billable deliveries WhatsApp reported, free ones apart, another organization 404', async () => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org, { category: 'MARKETING' });
    const { campaign } = await createCampaign(bed.deps, org.admin, campaignInput(template.id));
    const detail = await bed.grpc.call.GetCampaign(
      { id: campaign.id, page: 1, limit: 25 },
      bed.callAs(org.admin),
    );
    const recipients = await Promise.all(
      (detail.recipients ?? []).map((r) => recipientRow(bed.deps.db, r.id)),
    );
    const sentAt = new Date(Date.now() - 30_000);
    const sent = recipients.map((r) => ({
      ...r,
      providerMessageId: `wamid.${newId()}`,
      waId: r.phone.slice(1),
    }));
    const [first, second, third] = sent;
    await applyStatusWebhook(bed.deps, {
      value: messagesValue(org.phoneNumberId, {
        statuses: [
          campaignStatus(first, 'sent', sentAt, { pricing: regularPricing('marketing') }),
          campaignStatus(first, 'delivered', sentAt, { pricing: regularPricing('marketing') }),
          campaignStatus(second, 'sent', sentAt, { pricing: regularPricing('marketing') }),
          campaignStatus(third, 'sent', sentAt, {
            pricing: {
              billable: false,
              pricing_model: 'PMP',
              type: 'free_customer_service',
              category: 'service',
            },
          }),
        ],
      }),
      requestId: newId(),
      receivedAt: new Date(),
    });
    const cost = await getProviderCost(bed.deps, org.admin, campaign.id);
    expect(cost.billableMessages).toBe(2);
    expect(cost.freeMessages).toBe(1);
    expect(cost.total).toBeCloseTo(2 * rate('MX', 'marketing'), 6);
    expect(cost.categories[0]).toMatchObject({ category: 'marketing', messages: 2 });
    expect(cost.estimated).toBeGreaterThan(0);
    const other = await bed.orgWithChannel();
    await expect(getProviderCost(bed.deps, other.admin, campaign.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('reads WhatsApp’s analytics for the templates campaigns used, asked once an hour', async () => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org, { category: 'MARKETING' });
    await createCampaign(bed.deps, org.admin, campaignInput(template.id));
    const worker = await bed.startWorker();
    try {
      for (let i = 0; i < 100 && (await bed.sentCounts(org)).sends < 3; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await worker.stop();
    }
    const sends = (await bed.sentCounts(org)).sends;
    expect(sends).toBeGreaterThanOrEqual(3);
    const costs = await getProviderCosts(bed.deps, org.admin);
    expect(costs.templates).toHaveLength(1);
    expect(costs.templates[0]).toMatchObject({ name: template.name, templateId: template.id, sent: sends });
    expect(costs.templates[0].amountSpent).toBeGreaterThan(0);
    expect(costs.total).toBeCloseTo(costs.templates[0].amountSpent, 6);
    // Cached for an hour: the same answer, WhatsApp not asked (the failure waiting for it stays unused)…
    await failGraphRequests(org.sim.url, { path: `/${org.wabaId}`, code: 131016, times: 1 });
    bed.advanceClock(60_000);
    expect(await getProviderCosts(bed.deps, org.admin)).toEqual(costs);
    expect(await graphFailureRules(org.sim.url)).toEqual([expect.objectContaining({ hits: 0 })]);
    // …until `force`, which asks WhatsApp: it meets the failure (503), and the cached answer stays.
    await expect(getProviderCosts(bed.deps, org.admin, true)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'WHATSAPP_UNAVAILABLE',
    });
    expect(await graphFailureRules(org.sim.url)).toEqual([]);
    expect(await getProviderCosts(bed.deps, org.admin)).toEqual(costs);
    const forced = await getProviderCosts(bed.deps, org.admin, true);
    // A fresh answer, read after the clock moved on a minute: the cached one could not be this late.
    expect(Date.parse(forced.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(costs.fetchedAt) + 60_000);
    expect(forced.templates).toEqual(costs.templates);
  });
});

describe('when WhatsApp fails a read', () => {
  it('answers the phone status 409 for refused credentials, 429 and 503 as WhatsApp says, never 500', async () => {
    const org = await bed.orgWithChannel();
    const read = () => refusalOf(bed.grpc.call.GetPhoneStatus({}, bed.callAs(org.admin)));
    const path = `/${org.phoneNumberId}`;
    await failGraphRequests(org.sim.url, { path, code: 190, times: 1 }); // an expired token
    expect(await read()).toMatchObject({ status: 409, code: 'WHATSAPP_ACCESS_REFUSED' });
    await failGraphRequests(org.sim.url, { path, code: 80008, times: 1 });
    expect(await read()).toMatchObject({ status: 429, code: 'WHATSAPP_RATE_LIMITED' });
    await failGraphRequests(org.sim.url, { path, code: 2, httpStatus: 500, times: 1 });
    expect(await read()).toMatchObject({ status: 503, code: 'WHATSAPP_UNAVAILABLE' });
    // No failure was kept: the next read asks WhatsApp again and answers the number.
    const status = await bed.grpc.call.GetPhoneStatus({}, bed.callAs(org.admin));
    expect(status.phoneNumberId).toBe(org.phoneNumberId);
  });

  it('answers the provider costs 409 when WhatsApp refuses the token, 503 when it is down', async () => {
    const org = await bed.orgWithChannel();
    const read = () => refusalOf(bed.grpc.call.GetProviderCosts({ force: true }, bed.callAs(org.admin)));
    const path = `/${org.wabaId}`;
    await failGraphRequests(org.sim.url, { path, code: 190, times: 1 });
    expect(await read()).toMatchObject({ status: 409, code: 'WHATSAPP_ACCESS_REFUSED' });
    await failGraphRequests(org.sim.url, { path, code: 131016, times: 1 });
    expect(await read()).toMatchObject({ status: 503, code: 'WHATSAPP_UNAVAILABLE' });
    expect(await graphFailureRules(org.sim.url)).toEqual([]);
  });
});

describe('the phone status', () => {
  it('is for Admins: the service refuses an Agent itself, whatever the gateway checked', async () => {
    const org = await bed.orgWithChannel();
    await expect(bed.grpc.call.GetPhoneStatus({}, bed.callAs(org.agent))).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
  });
});
