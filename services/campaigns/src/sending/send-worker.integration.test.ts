import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import {
  buildCampaign,
  campaignRow,
  recipientRows,
  sendContextFor,
  setRecipient,
  simFailure,
  type BuiltCampaign,
} from '../testing/send-builders';
import { campaignStatus, messagesValue } from '../testing/status-builders';
import { createCampaignsTestbed, openForTestFile, type OrgWithChannel } from '../testing/testbed';
import { applyStatusWebhook } from '../usecases/statuses/apply-status-webhook';
import { OUTCOME_UNKNOWN_TITLE, sweepOnce } from './lease-sweeper';
import { sendSlice } from './send-slice';
import { campaignInput, mexicanRecipients } from '../testing/campaign-builders';
import { createCampaign } from '../usecases/campaigns/create-campaign';

const bed = openForTestFile(() => createCampaignsTestbed());
let org: OrgWithChannel;
let nextPhone = 1;
const phones = (n: number) => Array.from({ length: n }, () => `+52166${String(10_000_000 + nextPhone++)}`);
const digits = (phone: string) => phone.slice(1);
const sendsTo = (sim: Simulator, phone: string) => sim.state.sent.filter((s) => s.to === digits(phone));
/** The sweeper of these tests: one holder renews its own lease. */
const holder = newId();
const leaseMs = () => bed.deps.settings.leaseSeconds * 1000;

beforeAll(async () => {
  org = await bed.orgWithChannel();
});

const campaignOf = (n: number, extra: Partial<Parameters<typeof buildCampaign>[1]> = {}) =>
  buildCampaign(bed.deps.db, {
    orgId: org.orgId,
    phoneNumberId: org.phoneNumberId,
    phones: phones(n),
    ...extra,
  });

async function runSlice(campaign: BuiltCampaign) {
  const ctx = sendContextFor(bed.deps);
  try {
    await sendSlice(ctx, { campaignId: campaign.id, fromSeq: 0, toSeq: campaign.recipients.length }, 'test');
  } finally {
    await ctx.close();
  }
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the lease sweeper', () => {
  it('a send without an answer stays DISPATCHING, is never resent, and is swept to FAILED OUTCOME_UNKNOWN', async () => {
    const campaign = await campaignOf(3);
    const lost = campaign.recipients[1];
    // WhatsApp takes the send, the connection drops before its answer.
    await simFailure(org.sim.url, { to: lost.phone, code: 0, mode: 'drop', times: 1 });
    await runSlice(campaign);

    let rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'DISPATCHING', 'SENT']);
    expect((await campaignRow(bed.deps.db, campaign.id)).status).toBe('SENDING');

    // Before the lease runs out: nothing moves; a redelivered job does not resend it.
    expect(await sweepOnce(bed.deps, holder)).toMatchObject({ expired: 0, completed: 0 });
    await runSlice(campaign);
    expect(sendsTo(org.sim, lost.phone)).toHaveLength(1);

    bed.advanceClock(leaseMs() + 1_000);
    const report = await sweepOnce(bed.deps, holder);
    expect(report).toMatchObject({ expired: 1, completed: 1 });
    rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows[1]).toMatchObject({
      status: 'FAILED',
      errorCode: 'OUTCOME_UNKNOWN',
      errorTitle: OUTCOME_UNKNOWN_TITLE,
      leaseUntil: null,
    });
    expect(sendsTo(org.sim, lost.phone)).toHaveLength(1);
    const events = (await bed.recordedEvents()).filter((e) => e.data.campaignId === campaign.id);
    const swept = events
      .filter((e) => e.type === CAMPAIGNS_EVENTS.recipientsStatusChanged)
      .flatMap((e) => e.data.changes as { recipientId: string; to: string; errorCode: string | null }[])
      .filter((c) => c.recipientId === lost.id);
    expect(swept).toEqual([expect.objectContaining({ to: 'FAILED', errorCode: 'OUTCOME_UNKNOWN' })]);
    expect(events.find((e) => e.type === CAMPAIGNS_EVENTS.campaignCompleted)?.data).toMatchObject({
      total: 3,
      sent: 2,
      failed: 1,
    });

    // WhatsApp's status webhook, found by the callback data, still says what became of it.
    const [accepted] = sendsTo(org.sim, lost.phone);
    const recipient = { id: lost.id, providerMessageId: accepted.wamid, waId: digits(lost.phone) };
    await applyStatusWebhook(bed.deps, {
      value: messagesValue(org.phoneNumberId, {
        statuses: [campaignStatus(recipient, 'delivered', bed.deps.now())],
      }),
      requestId: 'test',
    });
    rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows[1]).toMatchObject({
      status: 'DELIVERED',
      providerMessageId: accepted.wamid,
      errorCode: null,
    });
  });

  it('republishes deferred recipients once their wait is over, as send jobs of their own', async () => {
    const campaign = await campaignOf(4, { status: 'SENDING', recipientStatus: { 0: 'SENT', 3: 'SENT' } });
    const due = new Date(bed.deps.now().getTime() - 1_000);
    const later = new Date(bed.deps.now().getTime() + 60_000);
    await setRecipient(bed.deps.db, campaign.recipients[1].id, { notBefore: due });
    await setRecipient(bed.deps.db, campaign.recipients[2].id, { notBefore: later });

    expect(await sweepOnce(bed.deps, holder)).toMatchObject({ republished: 1, completed: 0 });
    const jobs = (await bed.recordedEvents()).filter(
      (e) => e.type === CAMPAIGNS_EVENTS.sendRequested && e.data.campaignId === campaign.id,
    );
    expect(jobs.map((e) => e.data)).toEqual([{ campaignId: campaign.id, fromSeq: 1, toSeq: 2 }]);
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows[1].notBefore).toBeNull();
    expect(rows[2].notBefore).toEqual(later);
    // The next pass finds nothing more to republish.
    expect(await sweepOnce(bed.deps, holder)).toMatchObject({ republished: 0 });
  });

  it('runs on one replica at a time', async () => {
    const [a, b] = [newId(), newId()];
    bed.advanceClock(10_000);
    expect(await sweepOnce(bed.deps, a)).not.toBeNull();
    expect(await sweepOnce(bed.deps, b)).toBeNull();
    bed.advanceClock(10_000);
    expect(await sweepOnce(bed.deps, b)).not.toBeNull();
  });
});

describe('the send worker', () => {
  it('consumes send jobs from the bus, two workers sharing the slices, each recipient sent once', async () => {
    const campaign = await campaignOf(25);
    await bed.startWorker();
    await bed.startWorker();
    const slices = [0, 10, 20].map((fromSeq) => ({
      envelope: {
        id: newId(),
        type: CAMPAIGNS_EVENTS.sendRequested,
        orgId: org.orgId,
        occurredAt: new Date().toISOString(),
        data: { campaignId: campaign.id, fromSeq, toSeq: Math.min(fromSeq + 10, 25) },
      },
    }));
    // The first slice twice: a redelivered job.
    await bed.bus.publish([...slices, slices[0]]);

    await eventually(async () => (await campaignRow(bed.deps.db, campaign.id)).status === 'COMPLETED');
    for (const r of campaign.recipients) expect(sendsTo(org.sim, r.phone)).toHaveLength(1);
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
  });

  it('sends a campaign as create queued it: the template the templates service prepared, accepted by WhatsApp', async () => {
    const template = await bed.seedTemplate(org);
    const { campaign } = await createCampaign(
      bed.deps,
      org.admin,
      campaignInput(template.id, { recipients: mexicanRecipients(12, 500) }),
    );
    await eventually(async () => (await campaignRow(bed.deps.db, campaign.id)).status === 'COMPLETED');
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(new Array(12).fill('SENT'));
    for (const row of rows) {
      const [sent, ...again] = sendsTo(org.sim, row.phone);
      expect(again).toEqual([]);
      expect(sent.body).toMatchObject({
        template: { name: template.name, components: row.components },
        biz_opaque_callback_data: `campaign:${row.id}`,
      });
    }
  });
});
