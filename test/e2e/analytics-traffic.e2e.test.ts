import {
  ANALYTICS_REPORTS,
  asTally,
  expectEnvelope,
  expectNothing,
  freshReport,
  getReport,
  localParts,
  tally,
  waitForReport,
} from '../support/analytics';
import {
  BOT_TEXTS,
  botSettings,
  CATEGORIES,
  configureBot,
  conversationOf,
  messagesOf,
  read,
  setStatus,
  waitForBotText,
  waitForConversation,
} from '../support/bot';
import {
  createCampaign,
  digits,
  mexicoPhones,
  waitForCampaignStatus,
  waitForRecipients,
} from '../support/campaigns';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate } from '../support/templates';
import { makeOrganization, makeUser } from '../support/world';

jest.setTimeout(180_000);

/**
 * Real traffic through the simulator (a conversation without the bot, a campaign with a failure
 * and a reply, a bot conversation handed off after two misunderstandings; an agent answers and
 * resolves) and then every report: the numbers the scenario makes certain, and the rest checked
 * against what the product's own API says happened.
 */
const t = systemForTestFile();
const ZONES = ['America/Mexico_City', 'Asia/Kolkata'];
/** The traffic's figures reach the reports within this (events travel through the bus). */
const WITHIN_MS = 20_000;

let agent: { id: string; token: string };
let other: { token: string; adminUserId: string };
let botCustomer: { id: string; waId: string };
let plainCustomer: { id: string; waId: string };
let campaign: Record<string, any>;
let recipients: Array<Record<string, any>>;
/** Every conversation of the organization and its messages, as the inbox API lists them. */
let inbox: Array<{ conversation: any; messages: any[] }>;

const says = (waId: string, text: string) =>
  t.sim.inbound({ from: waId, name: `Cliente ${waId.slice(-3)}`, type: 'text', text });

async function answerAndResolve(conversationId: string, text: string) {
  const taken = await t.api.post(`/conversations/${conversationId}/takeover`, undefined, {
    token: agent.token,
  });
  expect(taken.body).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: agent.id });
  const reply = await t.api.post(
    `/conversations/${conversationId}/messages`,
    { type: 'text', text },
    {
      token: agent.token,
    },
  );
  expect(reply.status).toBe(201);
  const resolved = await t.api.post(`/conversations/${conversationId}/resolve`, undefined, {
    token: agent.token,
  });
  expect(resolved.body).toMatchObject({ status: 'CLOSED' });
}

beforeAll(async () => {
  // Another organization, there all along: it must see none of the traffic.
  other = await makeOrganization(t, 2);
  agent = await makeUser(t, t.admin, { email: 'analytics-agent@example.com', name: 'Ana Analítica' });
  await setStatus(t.api, t.admin, agent.id, 'ONLINE');

  // 1. The bot is off (the default): a customer writes, the agent answers and resolves.
  const plainWaId = '5215550101001';
  await says(plainWaId, 'Hola, ¿tienen envío a Monterrey?');
  plainCustomer = await conversationOf(t, plainWaId);
  expect(plainCustomer).toMatchObject({ status: 'OPEN' });
  await answerAndResolve(plainCustomer.id, 'Sí, enviamos a todo México.');

  // 2. A campaign to three numbers: one refused by WhatsApp, one replying.
  const template = await approvedTemplate(t.api, t.admin, 'analytics_order_ready');
  const [ana, luis, eva] = mexicoPhones(901001, 3);
  await t.sim.failures({ to: digits(eva), code: 131026, mode: 'sync' });
  campaign = await createCampaign(t.api, t.admin, {
    name: 'Analítica: pedidos listos',
    templateId: template.id,
    recipients: [ana, luis, eva].map((phone, i) => ({ phone, parameters: { body: [`Cliente ${i}`] } })),
  });
  await waitForCampaignStatus(t.api, t.admin, campaign.id, 'COMPLETED');
  await waitForRecipients(t.api, t.admin, campaign.id, { [ana]: 'READ', [luis]: 'READ', [eva]: 'FAILED' });
  await says(digits(ana), 'Ya lo recogí, gracias');
  recipients = await waitForRecipients(t.api, t.admin, campaign.id, {
    [ana]: 'REPLIED',
    [luis]: 'READ',
    [eva]: 'FAILED',
  });

  // 3. The bot on: an FAQ answered, then two misunderstandings hand off; the agent takes over.
  await configureBot(t.api, t.admin, { categories: CATEGORIES, settings: botSettings({ enabled: true }) });
  const botWaId = '5215550101002';
  await says(botWaId, '¿A qué hora abren?');
  botCustomer = await conversationOf(t, botWaId);
  await waitForBotText(t, botCustomer, BOT_TEXTS.openingHours);
  await says(botWaId, 'glorp zzk 4471');
  await waitForBotText(t, botCustomer, BOT_TEXTS.fallback);
  await says(botWaId, 'mmm brrr plonk');
  await waitForConversation(t, botCustomer.id, (c) => expect(c.status).not.toBe('BOT_HANDLING'));
  await waitForBotText(t, botCustomer, BOT_TEXTS.handoff);
  await answerAndResolve(botCustomer.id, 'Hola, soy Ana, ¿en qué te ayudo?');

  const list = await read(t.api, '/conversations?limit=100', t.admin);
  inbox = await Promise.all(
    list.data.map(async (conversation: any) => ({
      conversation,
      messages: await messagesOf(t, conversation.id),
    })),
  );
});

const sentMessages = (filter: (m: any) => boolean = () => true) =>
  inbox
    .flatMap((c) => c.messages)
    .filter((m) => m.direction === 'outbound' && m.status !== 'FAILED' && filter(m));
const receivedMessages = () => inbox.flatMap((c) => c.messages).filter((m) => m.direction === 'inbound');
const actualCost = () => recipients.reduce((sum, r) => sum + (r.cost ?? 0), 0);

describe(`real traffic in every report within seconds (${MODE})`, () => {
  it('the traffic happened as the scenario says (the inbox API’s view)', () => {
    expect(inbox.map((c) => c.conversation.id)).toEqual(
      expect.arrayContaining([plainCustomer.id, botCustomer.id]),
    );
    const bySender = tally(
      inbox.flatMap((c) => c.messages.filter((m) => m.direction === 'outbound').map((m) => m.sender)),
    );
    expect(bySender).toMatchObject({ agent: 2 });
    expect(receivedMessages()).toHaveLength(5);
  });

  it.each(ZONES)(
    'overview (%s): conversations, messages, response times, bot and campaign figures',
    async (timezone) => {
      const expected = {
        new: inbox.length,
        open: inbox.filter((c) => c.conversation.status !== 'CLOSED').length,
        in: receivedMessages().length,
        out: sentMessages().length,
      };
      const body = await waitForReport(
        t.api,
        t.admin,
        'overview',
        { timezone },
        (b) =>
          expect(b.current).toMatchObject({
            conversations: { new: expected.new, closed: 2, open: expected.open },
            messages: { in: expected.in, out: expected.out },
            firstResponse: { count: 2 },
            resolution: { count: 2 },
            bot: { handled: 1, containmentRate: 0, handoffRate: 1 },
            campaigns: { sent: 2, delivered: 2, read: 2, replied: 1 },
          }),
        WITHIN_MS,
      );
      expectEnvelope(body, timezone);
      expect(body.range.bucket).toBe('day');
      // Campaign sends are no response: only the agent's two replies were measured, both after a wait.
      expect(body.current.firstResponse.average).toBeGreaterThan(0);
      expect(body.current.firstResponse.median).toBeGreaterThan(0);
      expect(body.current.resolution.average).toBeGreaterThan(0);
      expect(body.current.campaigns.cost).toBeGreaterThan(0);
      expect(body.current.campaigns.cost).toBeCloseTo(actualCost(), 6);
      expect(body.previousTotals).toMatchObject({
        conversations: { new: 0, closed: 0 },
        messages: { in: 0, out: 0 },
      });
      // The series adds up to the totals, and today is its last local day.
      const sum = (field: string) => body.series.reduce((n: number, b: any) => n + b[field], 0);
      expect([
        sum('newConversations'),
        sum('closedConversations'),
        sum('messagesIn'),
        sum('messagesOut'),
      ]).toEqual([expected.new, 2, expected.in, expected.out]);
      expect(body.series).toHaveLength(7);
      expect(localParts(body.series.at(-1).start, timezone).date).toBe(localParts(new Date(), timezone).date);
    },
  );

  it('overview: a repeated call is answered from the cache, force recomputes', async () => {
    const fresh = await freshReport(t.api, t.admin, 'overview', { timezone: 'America/Tijuana' });
    const again = await getReport(t.api, t.admin, 'overview', { timezone: 'America/Tijuana' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...fresh, cached: true });
    const forced = await freshReport(t.api, t.admin, 'overview', { timezone: 'America/Tijuana' });
    expect(forced.cached).toBe(false);
    expect(Date.parse(forced.generatedAt)).toBeGreaterThanOrEqual(Date.parse(fresh.generatedAt));
  });

  it.each(ZONES)(
    'conversations (%s): volume, breakdowns and heatmap of the new conversations',
    async (timezone) => {
      const conversations = inbox.map((c) => c.conversation);
      const body = await waitForReport(
        t.api,
        t.admin,
        'conversations',
        { timezone },
        (b) => {
          expect(asTally(b.byFinalStatus, 'status')).toEqual(tally(conversations.map((c) => c.status)));
          expect(b.firstResponse.count).toBe(2);
          expect(b.resolution.count).toBe(2);
        },
        WITHIN_MS,
      );
      expectEnvelope(body, timezone);
      expect(asTally(body.byOrigin, 'origin')).toEqual(tally(conversations.map((c) => c.origin)));
      expect(asTally(body.byTeam, 'teamId')).toEqual(tally(conversations.map((c) => c.teamId)));
      expect(body.byCategory.reduce((n: number, r: any) => n + r.count, 0)).toBe(conversations.length);
      expect(body.volume.reduce((n: number, b: any) => n + b.new, 0)).toBe(conversations.length);
      expect(body.volume.reduce((n: number, b: any) => n + b.closed, 0)).toBe(2);
      // Each conversation in the cell of its local weekday and hour.
      const cells = tally(
        conversations.map((c) => {
          const local = localParts(c.createdAt, timezone);
          return `${local.weekday}/${local.hour}`;
        }),
      );
      expect(
        Object.fromEntries(body.heatmap.map((h: any) => [`${h.weekday}/${h.hour}`, h.count]).sort()),
      ).toEqual(cells);
      expect(body.reopenRate).toBe(0);
    },
  );

  it('conversations: an explicit range of hours is bucketed by local hour and holds the same traffic', async () => {
    const from = new Date(Date.now() - 3 * 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const body = await freshReport(t.api, t.admin, 'conversations', { from, to, timezone: 'Asia/Kolkata' });
    expectEnvelope(body, 'Asia/Kolkata');
    expect(body.range).toMatchObject({ from, to, bucket: 'hour' });
    expect(body.volume.reduce((n: number, b: any) => n + b.new, 0)).toBe(inbox.length);
    // Kolkata is +05:30: its local hours start at :30 UTC.
    for (const bucket of body.volume.slice(1)) expect(new Date(bucket.start).getUTCMinutes()).toBe(30);
  });

  it('agents: the agent’s assignments, replies, first responses and resolutions', async () => {
    const body = await waitForReport(
      t.api,
      t.admin,
      'agents',
      { timezone: 'America/Mexico_City' },
      (b) =>
        expect(b.agents.find((a: any) => a.userId === agent.id)).toMatchObject({
          name: 'Ana Analítica',
          handled: 2,
          resolved: 2,
          messagesSent: sentMessages((m) => m.sender === 'agent' && m.senderUserId === agent.id).length,
          firstResponse: { count: 2 },
          handleTime: { count: 2 },
          currentStatus: 'ONLINE',
        }),
      WITHIN_MS,
    );
    expectEnvelope(body, 'America/Mexico_City');
    const mine = body.agents.find((a: any) => a.userId === agent.id);
    expect(mine.messagesSent).toBe(2);
    // Two takeovers; the handoff assigned nobody (no routing rule).
    expect(mine.assigned).toBe(2);
    expect(mine.firstResponse.average).toBeGreaterThan(0);
    expect(mine.handleTime.average).toBeGreaterThan(0);
    expect(mine.timeInStatus.ONLINE).toBeGreaterThan(0);
    for (const someone of body.agents.filter((a: any) => a.userId !== agent.id))
      expect(someone).toMatchObject({ handled: 0, resolved: 0, messagesSent: 0 });
  });

  it('agents: every user of the organization is listed, the Admin who did nothing included', async () => {
    const users = (await read(t.api, '/users', t.admin)).data.map((u: any) => u.id);
    expect(users).toHaveLength(2);
    await waitForReport(
      t.api,
      t.admin,
      'agents',
      {},
      (b) => expect(b.agents.map((a: any) => a.userId).sort()).toEqual([...users].sort()),
      WITHIN_MS,
    );
    // The other organization's first Admin, created with it, is one of its users too.
    await waitForReport(
      t.api,
      other.token,
      'agents',
      {},
      (b) => expect(b.agents.map((a: any) => a.userId)).toEqual([other.adminUserId]),
      WITHIN_MS,
    );
  });

  it.each(ZONES)(
    'bot (%s): the cohort, its handoff by reason, the intent that failed, the fallback rate',
    async (timezone) => {
      const body = await waitForReport(
        t.api,
        t.admin,
        'bot',
        { timezone },
        (b) =>
          expect(b).toMatchObject({
            handled: 1,
            contained: 0,
            handedOff: 1,
            handoffsByReason: [{ reason: 'fallbacks', count: 1 }],
            containmentRate: 0,
            fallbackRate: 0.5,
            topIntents: [{ intent: 'opening_hours', count: 1 }],
            failingIntents: [{ intent: 'opening_hours', answered: 1, followedByHandoff: 1, rate: 1 }],
          }),
        WITHIN_MS,
      );
      expectEnvelope(body, timezone);
      expect(body.categories.reduce((n: number, r: any) => n + r.count, 0)).toBe(1);
    },
  );

  it.each(ZONES)('campaigns (%s): the funnel, the failure code and the costs', async (timezone) => {
    const funnel = { recipients: 3, sent: 2, delivered: 2, read: 2, replied: 1, failed: 1 };
    const body = await waitForReport(
      t.api,
      t.admin,
      'campaigns',
      { timezone },
      (b) => {
        expect(b.campaigns).toHaveLength(1);
        expect(b.campaigns[0]).toMatchObject({
          campaignId: campaign.id,
          name: 'Analítica: pedidos listos',
          status: 'COMPLETED',
          ...funnel,
          failureCodes: [{ code: '131026', count: 1 }],
        });
      },
      WITHIN_MS,
    );
    expectEnvelope(body, timezone);
    expect(body.totals).toMatchObject(funnel);
    expect(body.failureCodes).toEqual([{ code: '131026', count: 1 }]);
    const [row] = body.campaigns;
    expect(row.estimatedCost).toBeCloseTo(campaign.cost.estimated, 6);
    expect(row.actualCost).toBeGreaterThan(0);
    expect(row.actualCost).toBeCloseTo(actualCost(), 6);
    expect(body.totals.actualCost).toBeCloseTo(row.actualCost, 6);
    expect(body.totals.estimatedCost).toBeCloseTo(row.estimatedCost, 6);
    expect(body.totals.currency).toBe(row.currency);
  });

  it('another organization sees none of it in any report', async () => {
    const otherReports = await Promise.all(
      ANALYTICS_REPORTS.map((report) =>
        freshReport(t.api, other.token, report, { timezone: 'America/Mexico_City' }),
      ),
    );
    for (const [i, report] of ANALYTICS_REPORTS.entries()) {
      expectEnvelope(otherReports[i], 'America/Mexico_City');
      expectNothing(report, otherReports[i]);
    }
    const agents = otherReports[ANALYTICS_REPORTS.indexOf('agents')].agents.map((a: any) => a.userId);
    expect(agents).not.toContain(agent.id);
    // And org one's figures are still there (the same request, the other caller).
    const mine = await freshReport(t.api, t.admin, 'overview', { timezone: 'America/Mexico_City' });
    expect(mine.current.conversations.new).toBe(inbox.length);
  });
});
