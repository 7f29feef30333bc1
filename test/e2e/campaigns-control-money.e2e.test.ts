import {
  createCampaign,
  digits,
  inSeconds,
  mexicoPhones,
  recipientsOf,
  sendCounts,
  sleep,
  waitForCampaignStatus,
} from '../support/campaigns';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate } from '../support/templates';
import { makeUser } from '../support/world';

jest.setTimeout(120_000);

const t = systemForTestFile();
let template: Record<string, any>;

beforeAll(async () => {
  // The lowest messaging limit tier, before anything reads (and caches) the number's fields.
  await t.sim.config({ messagingLimitTier: 'TIER_250' });
  template = await approvedTemplate(t.api, t.admin, 'camp_control');
});

const get = (path: string, token = t.admin) => t.api.get(path, { token });
const post = (path: string, body?: unknown) => t.api.post(path, body, { token: t.admin });
const recipientBy = (recipients: Array<Record<string, any>>, phone: string) =>
  recipients.find((r) => r.phone === phone)!;
const sendsOf = async (to?: string) =>
  (await sendCounts(t, to ? { to } : { template: 'camp_control' })).templates.camp_control?.sends ?? 0;
/** WhatsApp failing the next Graph requests whose path contains `path` (the simulator's control). */
const failWhatsApp = async (rule: { path: string; code: number; times: number }) =>
  expect(
    (
      await fetch(`${t.sim.url}/_sim/graph-failures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      })
    ).status,
  ).toBe(201);
const whatsAppFailuresLeft = async () =>
  ((await (await fetch(`${t.sim.url}/_sim/graph-failures`)).json()) as { data: Array<{ hits: number }> })
    .data;

describe(`pausing, resuming and cancelling (${MODE})`, () => {
  it('pauses, resumes and cancels a scheduled campaign; a cancelled one never resumes', async () => {
    const phone = '+525512348101';
    const created = await createCampaign(t.api, t.admin, {
      name: 'Mañana',
      templateId: template.id,
      scheduledAt: inSeconds(3600),
      recipients: [{ phone, parameters: { body: ['Mario'] } }],
    });
    expect(created).toMatchObject({ status: 'SCHEDULED', scheduledAt: expect.any(String) });
    const id = created.id as string;
    const paused = await post(`/campaigns/${id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'PAUSED', pauseCode: 'MANUAL' });
    expect((await post(`/campaigns/${id}/pause`)).status).toBe(409);
    const resumed = await post(`/campaigns/${id}/resume`);
    expect(resumed.body).toMatchObject({ status: 'SCHEDULED', scheduledAt: created.scheduledAt });
    expect((await post(`/campaigns/${id}/resume`)).status).toBe(409);
    const cancelled = await post(`/campaigns/${id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', completedAt: expect.any(String) });
    for (const step of ['resume', 'pause', 'cancel']) {
      const res = await post(`/campaigns/${id}/${step}`);
      expect({ step, status: res.status, code: res.body.code }).toEqual({
        step,
        status: 409,
        code: 'INVALID_TRANSITION',
      });
    }
    expect((await get(`/campaigns/${id}`)).body.status).toBe('CANCELLED');
    expect(await t.sim.sent(digits(phone))).toEqual([]);
  });

  it('sends nothing while paused: its twin goes out when due, it waits for resume', async () => {
    const at = inSeconds(4);
    const [twinPhone, pausedPhone] = mexicoPhones(348111, 2);
    const held = await createCampaign(t.api, t.admin, {
      name: 'En pausa',
      templateId: template.id,
      scheduledAt: at,
      recipients: [{ phone: pausedPhone, parameters: { body: ['Paula'] } }],
    });
    expect((await post(`/campaigns/${held.id}/pause`)).body.status).toBe('PAUSED');
    const twin = await createCampaign(t.api, t.admin, {
      name: 'Gemela',
      templateId: template.id,
      scheduledAt: at,
      recipients: [{ phone: twinPhone, parameters: { body: ['Gema'] } }],
    });
    expect(twin.status).toBe('SCHEDULED');
    await waitForCampaignStatus(t.api, t.admin, twin.id, 'COMPLETED');
    await sleep(500);
    expect((await get(`/campaigns/${held.id}`)).body).toMatchObject({
      status: 'PAUSED',
      counts: { pending: 1 },
    });
    expect(await t.sim.sent(digits(pausedPhone))).toEqual([]);

    const resumed = await post(`/campaigns/${held.id}/resume`);
    expect(['QUEUED', 'SENDING', 'COMPLETED']).toContain(resumed.body.status); // its time has passed
    await waitForCampaignStatus(t.api, t.admin, held.id, 'COMPLETED');
    expect(await sendsOf(digits(pausedPhone))).toBe(1);
  });

  it('pauses itself on 131048 keeping the reason, sends nothing more, and resumes to the end once each', async () => {
    const phones = mexicoPhones(348201, 30);
    await t.sim.failures({ to: digits(phones[0]), code: 131048, mode: 'sync', times: 1 });
    const before = await sendsOf();
    const created = await createCampaign(t.api, t.admin, {
      name: 'Límite de spam',
      templateId: template.id,
      recipients: phones.map((phone, i) => ({ phone, parameters: { body: [`Cliente ${i}`] } })),
    });
    const id = created.id as string;
    const paused = await waitForCampaignStatus(t.api, t.admin, id, 'PAUSED');
    expect(paused).toMatchObject({ pauseCode: 'SPAM_LIMIT', pauseReason: expect.stringMatching(/\w/) });
    const first = recipientBy(paused.recipients.data, phones[0]);
    expect(first).toMatchObject({ status: 'PENDING', error: null, sentAt: null });
    expect(paused.counts.pending).toBeGreaterThanOrEqual(20); // the pause stops new claims at once

    // Sends claimed before the pause may still be on their way (slow under load): wait until
    // every one that left is recorded — WhatsApp got exactly the recipients no longer pending —
    // then nothing more leaves while it is paused.
    const settled = async () => {
      for (const deadline = Date.now() + 15_000; ; await sleep(100)) {
        const sends = await sendsOf();
        const { pending } = (await get(`/campaigns/${id}`)).body.counts;
        if (sends - before === 30 - pending || Date.now() > deadline) return sends;
      }
    };
    const atPause = await settled();
    await sleep(1500);
    expect(await sendsOf()).toBe(atPause);
    const stillPaused = (await get(`/campaigns/${id}`)).body;
    expect(stillPaused.status).toBe('PAUSED');
    expect(atPause - before).toBe(30 - stillPaused.counts.pending);

    const resumed = await post(`/campaigns/${id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ pauseCode: 'SPAM_LIMIT', pauseReason: paused.pauseReason });
    const done = await waitForCampaignStatus(t.api, t.admin, id, 'COMPLETED');
    expect(done).toMatchObject({ pauseCode: 'SPAM_LIMIT', counts: { total: 30, pending: 0, failed: 0 } });
    const recipients = await recipientsOf(t.api, t.admin, id);
    expect(recipients.every((r) => r.sentAt !== null)).toBe(true);
    for (const phone of phones) {
      expect({ phone, sends: await sendsOf(digits(phone)) }).toEqual({ phone, sends: 1 });
    }
  });
});

describe(`what campaigns cost (${MODE})`, () => {
  it('shows the rate card and estimates per market by the longest prefix, listing invalid numbers', async () => {
    const card = (await get('/campaigns/pricing')).body;
    expect(card).toMatchObject({
      currency: 'USD',
      effectiveFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      source: expect.any(String),
    });
    const marketOf = (e164: string) =>
      card.markets
        .flatMap((m: { prefixes: string[] }) => m.prefixes.map((p) => ({ m, p })))
        .filter(({ p }: { p: string }) => e164.slice(1).startsWith(p))
        .sort((a: { p: string }, b: { p: string }) => b.p.length - a.p.length)[0].m;
    expect(marketOf('+525512345678').market).toBe('MX');
    expect(marketOf('+5511987654321').market).toBe('BR');

    const phones = ['+52 55 1234 8301', '+52 1 55 1234 8302', '+55 11 98765-4321', '+1 650 253 0000'];
    const estimate = await post('/campaigns/estimate', {
      templateId: template.id,
      recipients: [
        ...phones.map((phone) => ({ phone })),
        { phone: 'abc' },
        { phone: '+525512348301' },
        { phone: '+52 55' },
      ],
    });
    expect(estimate.status).toBe(200);
    expect(estimate.body).toMatchObject({
      currency: 'USD',
      templateCategory: 'UTILITY',
      recipients: 4,
      duplicatesRemoved: 1,
      warnings: [],
      messagingLimitTier: 'TIER_250',
      rateCardEffectiveFrom: card.effectiveFrom,
    });
    expect(estimate.body.invalidRecipients.map((r: Record<string, unknown>) => [r.index, r.reason])).toEqual([
      [4, 'INVALID_PHONE'],
      [5, 'DUPLICATE'],
      [6, 'INVALID_PHONE'],
    ]);
    const expected = new Map<string, { recipients: number; rate: number }>();
    for (const phone of ['+525512348301', '+525512348302', '+5511987654321', '+16502530000']) {
      const market = marketOf(phone);
      const entry = expected.get(market.market) ?? { recipients: 0, rate: market.utility };
      expected.set(market.market, { ...entry, recipients: entry.recipients + 1 });
    }
    expect(estimate.body.markets).toHaveLength(expected.size);
    for (const m of estimate.body.markets) {
      expect(m).toMatchObject(expected.get(m.market)!);
      expect(m.amount).toBeCloseTo(m.rate * m.recipients, 6);
    }
    const amounts = estimate.body.markets.map((m: { amount: number }) => m.amount);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => b - a));
    expect(estimate.body.total).toBeCloseTo(
      amounts.reduce((a: number, b: number) => a + b, 0),
      6,
    );
  });

  it('warns when the list exceeds the number’s messaging limit tier', async () => {
    const recipients = mexicoPhones(349000, 260).map((phone) => ({ phone }));
    const estimate = await post('/campaigns/estimate', { templateId: template.id, recipients });
    expect(estimate.status).toBe(200);
    expect(estimate.body).toMatchObject({ recipients: 260, messagingLimitTier: 'TIER_250' });
    expect(estimate.body.warnings).toEqual([
      expect.objectContaining({ code: 'MESSAGING_LIMIT_EXCEEDED', message: expect.stringMatching(/250/) }),
    ]);
  });

  it('shows the phone number’s status to Admins only', async () => {
    const agent = await makeUser(t, t.admin, { email: 'campaigns-money-agent@example.com', role: 'AGENT' });
    const status = await get('/campaigns/phone-status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      phoneNumberId: t.system.whatsapp.channel.phoneNumberId,
      status: 'CONNECTED',
      qualityRating: 'GREEN',
      messagingLimitTier: 'TIER_250',
      throughputLevel: 'STANDARD',
      sendRate: 80,
    });
    const forbidden = await get('/campaigns/phone-status', agent.token);
    expect(forbidden.status).toBe(403);
    // Everything else about money is for every user.
    expect((await get('/campaigns/pricing', agent.token)).status).toBe(200);
    expect((await get('/campaigns/provider-costs', agent.token)).status).toBe(200);
  });

  it('reports what WhatsApp charged per template over 90 days, cached until forced', async () => {
    const sent = await sendsOf();
    expect(sent).toBeGreaterThan(0); // the campaigns above
    const costs = await get('/campaigns/provider-costs?force=true');
    expect(costs.status).toBe(200);
    expect(costs.body.currency).toBe('USD');
    const days = (Date.parse(costs.body.to) - Date.parse(costs.body.from)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const ours = costs.body.templates.find((x: { templateId: string }) => x.templateId === template.id);
    expect(ours).toMatchObject({
      providerTemplateId: template.providerTemplateId,
      name: 'camp_control',
      language: 'es_MX',
      sent,
    });
    expect(costs.body.total).toBeGreaterThanOrEqual(0);
    // Cached: the same answer, WhatsApp not asked (the outage waiting for its analytics stays unused)…
    await failWhatsApp({ path: 'template_analytics', code: 131016, times: 1 });
    const cached = await get('/campaigns/provider-costs');
    expect(cached.body).toEqual(costs.body);
    expect(await whatsAppFailuresLeft()).toEqual([expect.objectContaining({ hits: 0 })]);
    // …until force=true, which asks WhatsApp: its failures are answered, never as a 500.
    const down = await get('/campaigns/provider-costs?force=true');
    expect([down.status, down.body.code]).toEqual([503, 'WHATSAPP_UNAVAILABLE']);
    await failWhatsApp({ path: 'template_analytics', code: 190, times: 1 }); // an expired token
    const refused = await get('/campaigns/provider-costs?force=true');
    expect([refused.status, refused.body.code]).toEqual([409, 'WHATSAPP_ACCESS_REFUSED']);
    expect(await whatsAppFailuresLeft()).toEqual([]);
    expect((await get('/campaigns/provider-costs')).body).toEqual(costs.body);
    const forced = await get('/campaigns/provider-costs?force=true');
    expect(forced.status).toBe(200);
    expect(Date.parse(forced.body.fetchedAt)).toBeGreaterThan(Date.parse(costs.body.fetchedAt));
  });
});
