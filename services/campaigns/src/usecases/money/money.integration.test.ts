import { newId } from '@inbox/platform';
import { campaignInput } from '../../testing/campaign-builders';
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
    // Cached for an hour: the same answer (WhatsApp not asked again) until `force`.
    const again = await getProviderCosts(bed.deps, org.admin);
    expect(again.fetchedAt).toBe(costs.fetchedAt);
    const forced = await getProviderCosts(bed.deps, org.admin, true);
    expect(forced.fetchedAt >= costs.fetchedAt).toBe(true);
  });
});
