import { campaignCallbackData } from '@inbox/contracts';
import { campaignRateWait, campaignSends } from '@inbox/platform';
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
import { createCampaignsTestbed, openForTestFile, type OrgWithChannel } from '../testing/testbed';
import { sendSlice } from './send-slice';

const bed = openForTestFile(() => createCampaignsTestbed());
let org: OrgWithChannel;
let nextPhone = 1;
const phones = (n: number) => Array.from({ length: n }, () => `+52155${String(10_000_000 + nextPhone++)}`);
const digits = (phone: string) => phone.slice(1);
const sendsTo = (sim: Simulator, phone: string) => sim.state.sent.filter((s) => s.to === digits(phone));

beforeAll(async () => {
  org = await bed.orgWithChannel();
});

async function runSlice(
  campaign: BuiltCampaign,
  slots = 4,
  range = { fromSeq: 0, toSeq: campaign.recipients.length },
) {
  const ctx = sendContextFor(bed.deps, slots);
  try {
    await sendSlice(ctx, { campaignId: campaign.id, ...range }, 'test');
  } finally {
    await ctx.close();
  }
}

/** What the send metrics counted while `run` ran: sends by outcome, and waits for the rate. */
async function countedDuring(run: () => Promise<void>) {
  // prom-client hands out its live entries: copied, or `before` would move with the counter.
  const read = async () => ({
    sends: new Map((await campaignSends.get()).values.map((v) => [String(v.labels.outcome), v.value])),
    waits: (await campaignRateWait.get()).values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0,
  });
  const before = await read();
  await run();
  const after = await read();
  const sends: Record<string, number> = {};
  for (const [outcome, value] of after.sends)
    if (value > (before.sends.get(outcome) ?? 0)) sends[outcome] = value - (before.sends.get(outcome) ?? 0);
  return { sends, waits: after.waits - before.waits };
}

const campaignOf = (n: number, extra: Partial<Parameters<typeof buildCampaign>[1]> = {}) =>
  buildCampaign(bed.deps.db, {
    orgId: org.orgId,
    phoneNumberId: org.phoneNumberId,
    phones: phones(n),
    ...extra,
  });

describe('a send slice', () => {
  it('sends each PENDING recipient once, with its callback data, and completes the campaign', async () => {
    const campaign = await campaignOf(6);
    const counted = await countedDuring(() => runSlice(campaign));
    // What /metrics shows: six sends accepted, each after its turn of the number's rate.
    expect(counted).toEqual({ sends: { sent: 6 }, waits: 6 });

    for (const r of campaign.recipients) {
      const sent = sendsTo(org.sim, r.phone);
      expect(sent).toHaveLength(1);
      expect(sent[0].body).toMatchObject({
        biz_opaque_callback_data: campaignCallbackData(r.id),
        template: {
          name: 'spring_sale',
          language: { code: 'es_MX' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: `Cliente ${r.seq}` }] }],
        },
      });
    }
    const rows = await recipientRows(bed.deps.db, campaign.id);
    for (const row of rows) {
      const [sent] = sendsTo(org.sim, row.phone);
      expect(row).toMatchObject({
        status: 'SENT',
        providerMessageId: sent.wamid,
        waId: digits(row.phone),
        attempts: 1,
      });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.leaseUntil).toBeNull();
    }
    const stored = await campaignRow(bed.deps.db, campaign.id);
    expect(stored).toMatchObject({ status: 'COMPLETED' });
    expect(stored.startedAt).toBeInstanceOf(Date);
    expect(stored.completedAt).toBeInstanceOf(Date);

    const events = (await bed.recordedEvents()).filter((e) => e.data.campaignId === campaign.id);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['campaigns.campaign.started.v1', 'campaigns.campaign.completed.v1']),
    );
    expect(events.find((e) => e.type === 'campaigns.campaign.completed.v1')?.data).toMatchObject({
      total: 6,
      sent: 6,
      failed: 0,
    });
    // Recipients' changes travel in batches, not one event each.
    const batches = events.filter((e) => e.type === 'campaigns.recipient.status_changed.v1');
    const changes = batches.flatMap(
      (e) => e.data.changes as { recipientId: string; from: string; to: string }[],
    );
    expect(batches.length).toBeLessThan(6);
    expect(changes).toHaveLength(6);
    expect(changes.every((c) => c.from === 'PENDING' && c.to === 'SENT')).toBe(true);
  });

  it('redelivered, it sends nothing again: SENT and DISPATCHING recipients are skipped', async () => {
    // A job redelivered after its worker died: two sent, one claimed (outcome unknown), one left.
    const campaign = await campaignOf(4, {
      status: 'SENDING',
      recipientStatus: { 0: 'SENT', 1: 'SENT', 3: 'DISPATCHING' },
    });
    await setRecipient(bed.deps.db, campaign.recipients[3].id, { leaseUntil: new Date(Date.now() + 60_000) });

    await runSlice(campaign);

    expect(campaign.recipients.map((r) => sendsTo(org.sim, r.phone).length)).toEqual([0, 0, 1, 0]);
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT', 'DISPATCHING']);
    // Not complete while a claim's outcome is unknown.
    expect((await campaignRow(bed.deps.db, campaign.id)).status).toBe('SENDING');
  });

  it('a paused or cancelled campaign sends nothing', async () => {
    for (const status of ['PAUSED', 'CANCELLED', 'SCHEDULED'] as const) {
      const campaign = await campaignOf(2, { status });
      await runSlice(campaign);
      for (const r of campaign.recipients) expect(sendsTo(org.sim, r.phone)).toHaveLength(0);
      expect((await campaignRow(bed.deps.db, campaign.id)).status).toBe(status);
    }
  });

  it('sends only the slice it was given', async () => {
    const campaign = await campaignOf(5);
    await runSlice(campaign, 4, { fromSeq: 1, toSeq: 3 });
    expect(campaign.recipients.map((r) => sendsTo(org.sim, r.phone).length)).toEqual([0, 1, 1, 0, 0]);
    expect((await campaignRow(bed.deps.db, campaign.id)).status).toBe('SENDING');
  });
});

describe("a slice meets WhatsApp's errors", () => {
  it('130429: backs off, then sends the same recipient again', async () => {
    const campaign = await campaignOf(3);
    const throttled = campaign.recipients[1];
    await simFailure(org.sim.url, {
      to: throttled.phone,
      code: 130429,
      mode: 'sync',
      times: 1,
      httpStatus: 429,
    });
    const counted = await countedDuring(() => runSlice(campaign));
    expect(counted.sends).toEqual({ retry: 1, sent: 3 });
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT']);
    expect(rows[1].attempts).toBe(2);
    expect(sendsTo(org.sim, throttled.phone)).toHaveLength(1);
  });

  it('131056: only that recipient waits (4^0 s), the others go at once', async () => {
    const campaign = await campaignOf(3);
    const pair = campaign.recipients[0];
    await simFailure(org.sim.url, { to: pair.phone, code: 131056, mode: 'sync', times: 1, httpStatus: 429 });
    const started = Date.now();
    await runSlice(campaign);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT']);
    expect(rows[0].attempts).toBe(2);
    expect(rows[0].notBefore).toBeNull();
    // The others were sent before the deferred one came back.
    const [first] = sendsTo(org.sim, pair.phone);
    for (const other of campaign.recipients.slice(1))
      expect(Date.parse(sendsTo(org.sim, other.phone)[0].acceptedAt)).toBeLessThan(
        Date.parse(first.acceptedAt),
      );
    expect((await campaignRow(bed.deps.db, campaign.id)).status).toBe('COMPLETED');
  });

  it('131048: pauses the campaign with its reason; the recipient and the rest stay PENDING', async () => {
    const campaign = await campaignOf(6);
    const spam = campaign.recipients[2];
    await simFailure(org.sim.url, { to: spam.phone, code: 131048, mode: 'sync', times: 1, httpStatus: 429 });
    const counted = await countedDuring(() => runSlice(campaign, 1));
    expect(counted.sends).toEqual({ sent: 2, paused: 1 });
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    for (const r of campaign.recipients.slice(2)) expect(sendsTo(org.sim, r.phone)).toHaveLength(0);
    const stored = await campaignRow(bed.deps.db, campaign.id);
    expect(stored).toMatchObject({ status: 'PAUSED', pauseCode: 'SPAM_LIMIT' });
    expect(stored.pauseReason).toContain('131048');
    const paused = (await bed.recordedEvents()).find(
      (e) => e.type === 'campaigns.campaign.status_changed.v1' && e.data.campaignId === campaign.id,
    );
    expect(paused?.data).toMatchObject({ from: 'SENDING', to: 'PAUSED', code: 'SPAM_LIMIT' });
  });

  it("131026: fails that recipient with WhatsApp's code, title and details", async () => {
    const campaign = await campaignOf(2);
    await simFailure(org.sim.url, { to: campaign.recipients[0].phone, code: 131026, mode: 'sync', times: 1 });
    const counted = await countedDuring(() => runSlice(campaign));
    expect(counted.sends).toEqual({ failed: 1, sent: 1 });
    const [failed, sent] = await recipientRows(bed.deps.db, campaign.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      errorCode: '131026',
      errorTitle: expect.stringMatching(/undeliverable/i),
      errorDetails: expect.any(String),
      retryableAfter: null,
    });
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(sent.status).toBe('SENT');
    const done = (await bed.recordedEvents()).find(
      (e) => e.type === 'campaigns.campaign.completed.v1' && e.data.campaignId === campaign.id,
    );
    expect(done?.data).toMatchObject({ total: 2, sent: 1, failed: 1 });
  });

  it('131049: fails the recipient, retryable 24 hours later', async () => {
    const campaign = await campaignOf(1);
    await simFailure(org.sim.url, { to: campaign.recipients[0].phone, code: 131049, mode: 'sync', times: 1 });
    const before = bed.deps.now().getTime();
    await runSlice(campaign);
    const [row] = await recipientRows(bed.deps.db, campaign.id);
    expect(row).toMatchObject({ status: 'FAILED', errorCode: '131049' });
    const after = row.retryableAfter!.getTime();
    expect(after).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(after).toBeLessThan(before + 24 * 3600_000 + 60_000);
  });

  it('ten sends in a row refused with the same request error pause the campaign', async () => {
    const campaign = await campaignOf(14);
    for (const r of campaign.recipients.slice(0, 12))
      await simFailure(org.sim.url, { to: r.phone, code: 132012, mode: 'sync', times: 1 });
    await runSlice(campaign, 1);
    const rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.filter((r) => r.status === 'FAILED')).toHaveLength(10);
    expect(rows.slice(10).every((r) => r.status === 'PENDING')).toBe(true);
    expect(await campaignRow(bed.deps.db, campaign.id)).toMatchObject({
      status: 'PAUSED',
      pauseCode: 'REQUEST_REJECTED',
      pauseReason: expect.stringContaining('132012'),
    });
  });
});

describe('a worker that stops', () => {
  it('claims nothing more, leaves the rest PENDING and hands the job back for it', async () => {
    const campaign = await campaignOf(8);
    const ctx = sendContextFor(bed.deps, 1);
    let stopping = false;
    const sentBefore = org.sim.state.sent.length;
    const stoppingCtx = {
      ...ctx,
      stopping: () => stopping || (stopping = org.sim.state.sent.length - sentBefore >= 3),
    };
    await expect(
      sendSlice(stoppingCtx, { campaignId: campaign.id, fromSeq: 0, toSeq: 8 }, 'test'),
    ).rejects.toThrow(/stopping/);
    await ctx.close();
    let rows = await recipientRows(bed.deps.db, campaign.id);
    const sent = rows.filter((r) => r.status === 'SENT').length;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.status === 'PENDING')).toHaveLength(8 - sent);

    // The job comes back (to this or another worker): the rest goes, nothing twice.
    await runSlice(campaign);
    rows = await recipientRows(bed.deps.db, campaign.id);
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    for (const r of campaign.recipients) expect(sendsTo(org.sim, r.phone)).toHaveLength(1);
  });
});

describe('an accepted send whose outcome cannot be written', () => {
  it('is counted sent (not unknown), fails the slice so its job comes back, and is never sent again', async () => {
    const campaign = await campaignOf(1);
    const [recipient] = campaign.recipients;
    const ctx = sendContextFor(bed.deps, 1);
    const writeRefused = new Error('the database went away');
    const refusingCtx = { ...ctx, outcomes: { ...ctx.outcomes, write: () => Promise.reject(writeRefused) } };
    const counted = await countedDuring(() =>
      expect(sendSlice(refusingCtx, { campaignId: campaign.id, fromSeq: 0, toSeq: 1 }, 'test')).rejects.toBe(
        writeRefused,
      ),
    );
    await ctx.close();
    expect(counted.sends).toEqual({ sent: 1 });
    expect(sendsTo(org.sim, recipient.phone)).toHaveLength(1);
    expect((await recipientRows(bed.deps.db, campaign.id))[0].status).toBe('DISPATCHING');

    // Redelivered: claimed already, so nothing leaves again; its status webhook or the sweeper settles it.
    await runSlice(campaign);
    expect(sendsTo(org.sim, recipient.phone)).toHaveLength(1);
  });
});
