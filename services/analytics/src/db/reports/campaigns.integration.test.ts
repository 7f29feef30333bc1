import { campaignsReportSchema, type CampaignsReport } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import type { ResolvedQuery } from '../../reports/query';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { campaignRecipients, campaigns } from '../schema';
import { campaignsReport } from './campaigns';

const testbed = openForTestFile(createAnalyticsTestbed);

const at = (iso: string) => new Date(`2025-${iso}Z`);
const FROM = at('03-01T00:00:00');
const TO = at('04-01T00:00:00');

const q: ResolvedQuery = {
  from: FROM,
  to: TO,
  timezone: 'UTC',
  bucket: 'day',
  previous: { from: at('01-29T00:00:00'), to: FROM },
  force: false,
  excludeIncomplete: false,
};

/** The report with an envelope, parsed with the contract's schema. */
async function report(
  orgId: number,
): Promise<Omit<CampaignsReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const body = await campaignsReport(testbed.deps.db, orgId, q);
  campaignsReportSchema.parse({
    ...body,
    range: { from: FROM.toISOString(), to: TO.toISOString(), timezone: 'UTC', bucket: 'day' },
    previous: { from: q.previous.from.toISOString(), to: FROM.toISOString() },
    generatedAt: TO.toISOString(),
    cached: false,
  });
  return body;
}

const campaign = (
  orgId: number,
  id: string,
  c: {
    name: string;
    created: string;
    status: string;
    recipients: number;
    estimatedCost: number;
    currency?: string | null;
  },
) => ({
  id,
  orgId,
  name: c.name,
  createdAt: at(c.created),
  status: c.status,
  recipients: c.recipients,
  estimatedCost: c.estimatedCost,
  currency: c.currency === undefined ? 'USD' : c.currency,
});

const STAGES = ['SENT', 'DELIVERED', 'READ', 'REPLIED'] as const;
let seq = 0;
/** A recipient with the given status; `stamps` lists the stages whose time is set. */
function recipient(
  orgId: number,
  campaignId: string,
  status: string,
  r: { stamps?: (typeof STAGES)[number][]; errorCode?: string | null; cost?: number | null } = {},
) {
  const stamps = r.stamps ?? STAGES.slice(0, STAGES.indexOf(status as (typeof STAGES)[number]) + 1);
  const when = (stage: (typeof STAGES)[number]) => (stamps.includes(stage) ? at('03-10T12:00:00') : null);
  return {
    recipientId: `r-${++seq}`,
    orgId,
    campaignId,
    status,
    sentAt: when('SENT'),
    deliveredAt: when('DELIVERED'),
    readAt: when('READ'),
    repliedAt: when('REPLIED'),
    failedAt: status === 'FAILED' ? at('03-10T12:00:00') : null,
    errorCode: r.errorCode ?? null,
    cost: r.cost ?? null,
  };
}

const ORG = 20;
const MIXED = 21;

beforeAll(async () => {
  const db = testbed.deps.db;
  await db.insert(campaigns).values([
    campaign(ORG, 'spring', {
      name: 'Spring',
      created: '03-05T10:00:00',
      status: 'COMPLETED',
      recipients: 8,
      estimatedCost: 0.3,
    }),
    campaign(ORG, 'promo', {
      name: 'Promo',
      created: '03-20T10:00:00',
      status: 'SENDING',
      recipients: 3,
      estimatedCost: 0.15,
    }),
    campaign(ORG, 'old', {
      name: 'Old',
      created: '02-20T10:00:00',
      status: 'COMPLETED',
      recipients: 1,
      estimatedCost: 9,
    }),
    campaign(ORG, 'next', {
      name: 'Next',
      created: '04-01T00:00:00',
      status: 'SCHEDULED',
      recipients: 1,
      estimatedCost: 9,
    }),
    campaign(MIXED, 'usd', {
      name: 'Dollars',
      created: '03-02T00:00:00',
      status: 'QUEUED',
      recipients: 2,
      estimatedCost: 1,
    }),
    campaign(MIXED, 'mxn', {
      name: 'Pesos',
      created: '03-02T00:00:00',
      status: 'CANCELLED',
      recipients: 2,
      estimatedCost: 2,
      currency: 'MXN',
    }),
  ]);
  await db.insert(campaignRecipients).values([
    recipient(ORG, 'spring', 'SENT', { cost: 0.1 }),
    recipient(ORG, 'spring', 'DELIVERED', { cost: 0.2 }),
    // Read without a delivery receipt: still delivered (a later stage).
    recipient(ORG, 'spring', 'READ', { stamps: ['SENT', 'READ'], cost: 0.0123456789 }),
    recipient(ORG, 'spring', 'REPLIED', { cost: 0 }),
    recipient(ORG, 'spring', 'FAILED', { stamps: [], errorCode: '131026' }),
    // Sent, then failed to deliver: counts as sent and as failed.
    recipient(ORG, 'spring', 'FAILED', { stamps: ['SENT'], errorCode: '131049' }),
    recipient(ORG, 'spring', 'FAILED', { stamps: [], errorCode: '131049' }),
    recipient(ORG, 'spring', 'PENDING'),
    recipient(ORG, 'promo', 'DELIVERED', { cost: 0.05 }),
    recipient(ORG, 'promo', 'FAILED', { stamps: [], errorCode: null }),
    recipient(ORG, 'promo', 'PENDING'),
    recipient(ORG, 'old', 'FAILED', { stamps: [], errorCode: '131026', cost: 5 }),
    recipient(ORG, 'next', 'FAILED', { stamps: [], errorCode: '131026', cost: 5 }),
    recipient(MIXED, 'usd', 'SENT', { cost: 0.5 }),
  ]);
});

describe('campaigns report', () => {
  it('gives each campaign of the range its funnel, failure codes and costs, newest first, and the totals', async () => {
    expect(await report(ORG)).toEqual({
      campaigns: [
        {
          campaignId: 'promo',
          name: 'Promo',
          createdAt: '2025-03-20T10:00:00.000Z',
          status: 'SENDING',
          recipients: 3,
          sent: 1,
          delivered: 1,
          read: 0,
          replied: 0,
          failed: 1,
          estimatedCost: 0.15,
          actualCost: 0.05,
          currency: 'USD',
          failureCodes: [{ code: 'UNKNOWN', count: 1 }],
        },
        {
          campaignId: 'spring',
          name: 'Spring',
          createdAt: '2025-03-05T10:00:00.000Z',
          status: 'COMPLETED',
          recipients: 8,
          sent: 5,
          delivered: 3,
          read: 2,
          replied: 1,
          failed: 3,
          estimatedCost: 0.3,
          // 0.1 + 0.2 + 0.0123456789, each in millionths (6 decimals), summed exactly.
          actualCost: 0.312346,
          currency: 'USD',
          failureCodes: [
            { code: '131049', count: 2 },
            { code: '131026', count: 1 },
          ],
        },
      ],
      totals: {
        recipients: 11,
        sent: 6,
        delivered: 4,
        read: 2,
        replied: 1,
        failed: 4,
        // 0.3 + 0.15 (not 0.44999999999999996).
        estimatedCost: 0.45,
        actualCost: 0.362346,
        currency: 'USD',
      },
      failureCodes: [
        { code: '131049', count: 2 },
        { code: '131026', count: 1 },
        { code: 'UNKNOWN', count: 1 },
      ],
    });
  });

  it('gives no currency for the totals when the campaigns are in different ones; no recipients yet is zeros', async () => {
    const body = await report(MIXED);
    expect(body.totals).toEqual({
      recipients: 4,
      sent: 1,
      delivered: 0,
      read: 0,
      replied: 0,
      failed: 0,
      estimatedCost: 3,
      actualCost: 0.5,
      currency: null,
    });
    // Same creation time: the id breaks the tie, descending like the time.
    expect(body.campaigns.map((c) => [c.campaignId, c.currency, c.actualCost, c.sent])).toEqual([
      ['usd', 'USD', 0.5, 1],
      ['mxn', 'MXN', 0, 0],
    ]);
    expect(body.campaigns[1].failureCodes).toEqual([]);
    expect(body.failureCodes).toEqual([]);
  });

  it('gives no currency for the totals when one campaign has none', async () => {
    const ORG_NULL = 22;
    await testbed.deps.db.insert(campaigns).values([
      campaign(ORG_NULL, 'n-usd', {
        name: 'A',
        created: '03-03T00:00:00',
        status: 'QUEUED',
        recipients: 1,
        estimatedCost: 1,
      }),
      campaign(ORG_NULL, 'n-none', {
        name: 'B',
        created: '03-04T00:00:00',
        status: 'QUEUED',
        recipients: 1,
        estimatedCost: 1,
        currency: null,
      }),
    ]);
    const body = await report(ORG_NULL);
    expect(body.totals).toMatchObject({ recipients: 2, estimatedCost: 2, currency: null });
    expect(body.campaigns.map((c) => c.currency)).toEqual([null, 'USD']);
  });

  it('is empty, with no currency, for an organization without campaigns in the range', async () => {
    expect(await report(99)).toEqual({
      campaigns: [],
      totals: {
        recipients: 0,
        sent: 0,
        delivered: 0,
        read: 0,
        replied: 0,
        failed: 0,
        estimatedCost: 0,
        actualCost: 0,
        currency: null,
      },
      failureCodes: [],
    });
  });
});
