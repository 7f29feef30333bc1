import {
  createCampaign,
  digits,
  failureRules,
  inSeconds,
  mexicoPhones,
  sendCounts,
  waitForCampaign,
  waitForCampaignStatus,
  waitForRecipients,
} from '../support/campaigns';
import { eventually } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate } from '../support/templates';

jest.setTimeout(120_000);

const t = systemForTestFile();
let template: Record<string, any>;

beforeAll(async () => {
  template = await approvedTemplate(t.api, t.admin, 'camp_order_ready');
});

const get = (path: string) => t.api.get(path, { token: t.admin });
const post = (path: string, body?: unknown) => t.api.post(path, body, { token: t.admin });
const conversationOf = async (waId: string) =>
  (await get(`/conversations?search=${waId}`)).body.data?.find((c: { waId: string }) => c.waId === waId);
const recipientBy = (recipients: Array<Record<string, any>>, phone: string) =>
  recipients.find((r) => r.phone === phone)!;
/** Each current status counted from the recipients themselves. */
const countsOf = (recipients: Array<Record<string, any>>) => {
  const n = (status: string) => recipients.filter((r) => r.status === status).length;
  return {
    total: recipients.length,
    pending: n('PENDING'),
    sent: n('SENT'),
    delivered: n('DELIVERED'),
    read: n('READ'),
    failed: n('FAILED'),
    replied: n('REPLIED'),
  };
};

describe(`a campaign from creation to the replies (${MODE})`, () => {
  it('sends each valid recipient once, follows the statuses, and attributes the replies', async () => {
    const [ana, luis, eva, rosa] = mexicoPhones(348001, 4);
    const anaWaId = digits(ana);
    await t.sim.failures({ to: digits(eva), code: 131026, mode: 'sync' });

    const created = await createCampaign(t.api, t.admin, {
      name: 'Pedidos listos',
      templateId: template.id,
      recipients: [
        { phone: '+52 1 55 1234 8001', parameters: { body: ['Ana'] } },
        { phone: 'no es un teléfono', parameters: { body: ['X'] } },
        { phone: '+52 55 1234 8002', parameters: { body: ['Luis'] } },
        { phone: '+525512348001', parameters: { body: ['Ana otra vez'] } },
        { phone: '+52 55 1234 8003', parameters: { body: ['Eva'] } },
        { phone: '+52 55 1234 8004', parameters: { body: ['Rosa', 'de más'] } },
        { phone: '(+52) 55-1234-8004', parameters: { body: ['Rosa'] } },
      ],
    });
    expect(created).toMatchObject({
      name: 'Pedidos listos',
      templateId: template.id,
      templateName: 'camp_order_ready',
      templateLanguage: 'es_MX',
      templateCategory: 'UTILITY',
      kind: 'STANDARD',
      scheduledAt: null,
      counts: { total: 4 },
      duplicatesRemoved: 1,
    });
    expect(['QUEUED', 'SENDING']).toContain(created.status);
    expect(created.cost.estimated).toBeGreaterThan(0);
    expect(created.invalidRecipients.map((r: Record<string, unknown>) => [r.index, r.reason])).toEqual([
      [1, 'INVALID_PHONE'],
      [3, 'DUPLICATE'],
      [5, 'INVALID_PARAMETERS'],
    ]);
    expect(created.invalidRecipients[0].phone).toBe('no es un teléfono');

    const id = created.id as string;
    await waitForCampaignStatus(t.api, t.admin, id, 'COMPLETED');
    let recipients = await waitForRecipients(t.api, t.admin, id, {
      [ana]: 'READ',
      [luis]: 'READ',
      [eva]: 'FAILED',
      [rosa]: 'READ',
    });
    expect(recipients.map((r) => r.phone)).toEqual([ana, luis, eva, rosa]); // list order, E.164
    expect(recipientBy(recipients, ana)).toMatchObject({
      waId: anaWaId,
      error: null,
      parameters: { body: ['Ana'] },
      sentAt: expect.any(String),
      deliveredAt: expect.any(String),
      readAt: expect.any(String),
    });
    expect(recipientBy(recipients, eva)).toMatchObject({
      status: 'FAILED',
      error: { code: '131026', title: expect.stringMatching(/\w/) },
      failedAt: expect.any(String),
      sentAt: null,
      cost: null,
    });
    for (const phone of [ana, luis, rosa]) expect(recipientBy(recipients, phone).cost).toBeGreaterThan(0);

    // WhatsApp got each valid recipient exactly once, with the campaign's callback data; Eva's send was tried once.
    const counts = await sendCounts(t, { template: 'camp_order_ready' });
    expect(counts.templates.camp_order_ready).toEqual({ sends: 3, recipients: 3, duplicated: 0 });
    for (const phone of [ana, luis, rosa])
      expect((await sendCounts(t, { to: digits(phone) })).templates.camp_order_ready.sends).toBe(1);
    expect((await sendCounts(t, { callbackPrefix: 'campaign:' })).callbackData.duplicated).toBe(0);
    expect((await failureRules(t)).find((f) => f.to === digits(eva))?.hits).toBe(1);
    const [anaSend] = await t.sim.sent(digits(ana));
    expect(anaSend.body).toMatchObject({
      biz_opaque_callback_data: `campaign:${recipientBy(recipients, ana).id}`,
      template: {
        name: 'camp_order_ready',
        language: { code: 'es_MX' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
      },
    });

    // Ana writes back (no quote: the latest send to her wa_id); Luis quotes the campaign message.
    const anaReply = await t.sim.inbound({ from: anaWaId, type: 'text', text: 'Ya lo recogí, gracias' });
    const [luisSend] = await t.sim.sent(digits(luis));
    await t.sim.inbound({
      from: digits(luis),
      type: 'text',
      text: '¿Hasta qué hora abren?',
      context: { messageId: luisSend.wamid as string },
    });
    recipients = await waitForRecipients(t.api, t.admin, id, {
      [ana]: 'REPLIED',
      [luis]: 'REPLIED',
      [eva]: 'FAILED',
      [rosa]: 'READ',
    });
    expect(recipientBy(recipients, ana).repliedAt).toEqual(expect.any(String));

    // The agent sees what Ana answers: the campaign message, then her reply.
    let messages: Array<Record<string, any>> = [];
    await eventually(async () => {
      const conversation = await conversationOf(anaWaId);
      messages = (await get(`/conversations/${conversation.id}/messages`)).body.data;
      expect(messages.map((m) => m.sender)).toEqual(['customer', 'campaign']);
    }, 20_000);
    const [reply, campaignMessage] = messages;
    expect(reply).toMatchObject({ providerMessageId: anaReply.wamid, text: 'Ya lo recogí, gracias' });
    expect(campaignMessage).toMatchObject({
      direction: 'outbound',
      sender: 'campaign',
      type: 'template',
      providerMessageId: anaSend.wamid,
      text: expect.stringContaining('Hola Ana, tu pedido está listo.'),
    });
    expect(Date.parse(campaignMessage.createdAt)).toBeLessThan(Date.parse(reply.createdAt));

    // The counts agree with the recipients, everywhere.
    const expected = countsOf(recipients);
    expect(expected).toEqual({ total: 4, pending: 0, sent: 0, delivered: 0, read: 1, failed: 1, replied: 2 });
    const detail = await waitForCampaign(t.api, t.admin, id, (c) => expect(c.counts).toEqual(expected));
    expect(detail).toMatchObject({ startedAt: expect.any(String), completedAt: expect.any(String) });
    const stats = (await get(`/campaigns/${id}/stats`)).body;
    expect(stats).toMatchObject({
      campaignId: id,
      status: 'COMPLETED',
      counts: expected,
      funnel: { total: 4, pending: 0, sent: 3, delivered: 3, read: 3, replied: 2, failed: 1 },
      rates: { delivery: 1, read: 1, failure: 0.25 },
      failures: [{ code: '131026', count: 1, title: expect.any(String) }],
    });
    expect(stats.rates.reply).toBeCloseTo(2 / 3, 3);
    const actual = recipients.reduce((sum, r) => sum + (r.cost ?? 0), 0);
    expect(stats.cost.actual).toBeCloseTo(actual, 6);
    const global = (await get('/campaigns/stats/global')).body;
    expect(global).toMatchObject({ campaigns: 1, funnel: stats.funnel, rates: stats.rates });
    expect(global.campaignsByStatus).toMatchObject({ COMPLETED: 1, SENDING: 0, QUEUED: 0 });
    expect(global.cost.actual).toBeCloseTo(actual, 6);

    const failed = (await get(`/campaigns/${id}?status=FAILED`)).body.recipients;
    expect(failed).toMatchObject({ total: 1, page: 1, limit: 25 });
    expect(failed.data.map((r: { phone: string }) => r.phone)).toEqual([eva]);
    const replied = (await get(`/campaigns/${id}?status=REPLIED&limit=1&page=2`)).body.recipients;
    expect(replied).toMatchObject({
      total: 2,
      page: 2,
      limit: 1,
      data: [expect.objectContaining({ phone: luis })],
    });
    const providerCost = await get(`/campaigns/${id}/provider-cost`);
    expect(providerCost.status).toBe(200);
    expect(providerCost.body).toMatchObject({
      campaignId: id,
      billableMessages: 3,
      estimated: created.cost.estimated,
      markets: [expect.objectContaining({ market: 'MX', recipients: 3 })],
    });
    expect(providerCost.body.total).toBeGreaterThan(0);
    expect(providerCost.body.total).toBeCloseTo(actual, 6);
  });

  it('lists campaigns newest first, by cursor and by page, filtered by status', async () => {
    const later = (name: string) =>
      createCampaign(t.api, t.admin, {
        name,
        templateId: template.id,
        scheduledAt: inSeconds(86_400),
        recipients: [{ phone: '+52 55 1234 8090', parameters: { body: ['Lista'] } }],
      });
    const b = await later('Lista B');
    const c = await later('Lista C');
    expect(c.status).toBe('SCHEDULED');
    const all = (await get('/campaigns')).body;
    expect(all).toMatchObject({ page: null, total: null, nextCursor: null, limit: 25 });
    const [newest, second, oldest] = all.data.map((x: { id: string }) => x.id);
    expect([newest, second]).toEqual([c.id, b.id]);
    expect(all.data).toHaveLength(3);

    const first = (await get('/campaigns?limit=2')).body;
    expect(first.data.map((x: { id: string }) => x.id)).toEqual([c.id, b.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = (await get(`/campaigns?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).body;
    expect(next.data.map((x: { id: string }) => x.id)).toEqual([oldest]);
    expect(next.nextCursor).toBeNull();

    const page2 = (await get('/campaigns?page=2&limit=2')).body;
    expect(page2).toMatchObject({ page: 2, limit: 2, total: 3, nextCursor: null });
    expect(page2.data.map((x: { id: string }) => x.id)).toEqual([oldest]);
    const scheduled = (await get('/campaigns?status=SCHEDULED&page=1')).body;
    expect(scheduled).toMatchObject({ total: 2 });
    expect((await get('/campaigns?status=COMPLETED')).body.data.map((x: { id: string }) => x.id)).toEqual([
      oldest,
    ]);
    for (const x of [b, c]) expect((await post(`/campaigns/${x.id}/cancel`)).body.status).toBe('CANCELLED');
    expect((await sendCounts(t, { to: '525512348090' })).templates).toEqual({});
  });
});
