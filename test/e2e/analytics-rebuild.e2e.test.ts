import { embeddedHistorySources } from '@inbox/all-in-one';
import {
  grpcHistorySources,
  rebuildReadModels,
  type HistorySources,
  type RebuildResult,
} from '@inbox/analytics';
import { createLogger } from '@inbox/platform';
import { ANALYTICS_REPORTS, freshReport, waitForReport, type AnalyticsReport } from '../support/analytics';
import {
  BOT_TEXTS,
  botSettings,
  CATEGORIES,
  configureBot,
  conversationOf,
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
import { systemForTestFile } from '../support/suite';
import { MODE } from '../support/system';
import { approvedTemplate } from '../support/templates';
import { makeUser } from '../support/world';

jest.setTimeout(240_000);

/**
 * The rebuild against real traffic: what the live consumer built from the events, and what the
 * rebuild builds from the services' stored data (ExportHistory: in process on the shared database
 * in the embedded mode, over gRPC to the running services in the distributed mode), compared field
 * by field. The figures history tells exactly must be equal. Approximated, and what is checked:
 * - durations (first response, resolution, handle time) and a campaign's createdAt: the stored
 *   times against the events' clocks, within DURATION_SLACK_SECONDS (about 0.2 s apart here);
 * - agents' timeInStatus: the directory keeps the current status, not its changes: the current one;
 * - bot handoffsByReason: a handoff's reason is not stored (told as null): the number of handoffs;
 * - bot topIntents, failingIntents: the intent of a bot answer is not stored: not compared.
 */
const t = systemForTestFile();
const TIMEZONE = 'America/Mexico_City';
const WITHIN_MS = 20_000;

let agent: { id: string; token: string };
let campaignId: string;
let live: Record<AnalyticsReport, any>;
let rebuilt: Record<AnalyticsReport, any>;
let result: RebuildResult;

const says = (waId: string, text: string) =>
  t.sim.inbound({ from: waId, name: `Cliente ${waId.slice(-3)}`, type: 'text', text });

async function answerAndResolve(conversationId: string, text: string) {
  await t.api.post(`/conversations/${conversationId}/takeover`, undefined, { token: agent.token });
  const reply = await t.api.post(
    `/conversations/${conversationId}/messages`,
    { type: 'text', text },
    { token: agent.token },
  );
  expect(reply.status).toBe(201);
  const resolved = await t.api.post(`/conversations/${conversationId}/resolve`, undefined, {
    token: agent.token,
  });
  expect(resolved.body).toMatchObject({ status: 'CLOSED' });
}

/** Where the rebuild reads history in this mode (the CLI's two modes). */
function historySources(): { sources: HistorySources; close(): void } {
  if (MODE === 'embedded')
    return { sources: embeddedHistorySources(t.system.analytics.deps.db), close: () => undefined };
  const address = (port: number) => `127.0.0.1:${port}`;
  // Signed with the system's internal secret, as the command signs with INTERNAL_AUTH_SECRET.
  return grpcHistorySources(
    {
      directory: address(t.system.directory.grpcPort),
      inbox: address(t.system.inbox.grpcPort),
      campaigns: address(t.system.campaigns.grpcPort),
    },
    t.system.gateway.ctx.callerTokens,
  );
}

const reportsNow = async () =>
  Object.fromEntries(
    await Promise.all(
      ANALYTICS_REPORTS.map(async (r) => [r, await freshReport(t.api, t.admin, r, { timezone: TIMEZONE })]),
    ),
  ) as Record<AnalyticsReport, any>;

beforeAll(async () => {
  agent = await makeUser(t, t.admin, { email: 'rebuild-agent@example.com', name: 'Rita Rebuild' });
  await setStatus(t.api, t.admin, agent.id, 'ONLINE');

  // A human conversation (the bot is off): answered and resolved.
  const plainWaId = '5215550202001';
  await says(plainWaId, 'Hola, ¿tienen envío a Puebla?');
  const plain = await conversationOf(t, plainWaId);
  await answerAndResolve(plain.id, 'Sí, enviamos a todo México.');

  // A campaign to three numbers: one refused by WhatsApp, one replying.
  const template = await approvedTemplate(t.api, t.admin, 'rebuild_order_ready');
  const [ana, luis, eva] = mexicoPhones(902001, 3);
  await t.sim.failures({ to: digits(eva), code: 131026, mode: 'sync' });
  const campaign = await createCampaign(t.api, t.admin, {
    name: 'Rebuild: pedidos listos',
    templateId: template.id,
    recipients: [ana, luis, eva].map((phone, i) => ({ phone, parameters: { body: [`Cliente ${i}`] } })),
  });
  campaignId = campaign.id;
  await waitForCampaignStatus(t.api, t.admin, campaign.id, 'COMPLETED');
  await waitForRecipients(t.api, t.admin, campaign.id, { [ana]: 'READ', [luis]: 'READ', [eva]: 'FAILED' });
  await says(digits(ana), 'Ya lo recogí, gracias');
  await waitForRecipients(t.api, t.admin, campaign.id, { [ana]: 'REPLIED', [luis]: 'READ', [eva]: 'FAILED' });

  // A bot conversation: an FAQ answered, two misunderstandings hand it off, the agent answers and closes.
  await configureBot(t.api, t.admin, { categories: CATEGORIES, settings: botSettings({ enabled: true }) });
  const botWaId = '5215550202002';
  await says(botWaId, '¿A qué hora abren?');
  const bot = await conversationOf(t, botWaId);
  await waitForBotText(t, bot, BOT_TEXTS.openingHours);
  await says(botWaId, 'glorp zzk 4471');
  await waitForBotText(t, bot, BOT_TEXTS.fallback);
  await says(botWaId, 'mmm brrr plonk');
  await waitForConversation(t, bot.id, (c) => expect(c.status).not.toBe('BOT_HANDLING'));
  await waitForBotText(t, bot, BOT_TEXTS.handoff);
  await answerAndResolve(bot.id, 'Hola, soy Rita, ¿en qué te ayudo?');

  // Live analytics has all of it (then nothing more is on its way).
  await waitForReport(
    t.api,
    t.admin,
    'overview',
    { timezone: TIMEZONE },
    (b) =>
      expect(b.current).toMatchObject({
        conversations: { closed: 2 },
        firstResponse: { count: 2 },
        bot: { handled: 1, handoffRate: 1 },
        campaigns: { sent: 2, delivered: 2, read: 2, replied: 1 },
      }),
    WITHIN_MS,
  );
  await waitForReport(
    t.api,
    t.admin,
    'campaigns',
    { timezone: TIMEZONE },
    (b) => expect(b.totals).toMatchObject({ recipients: 3, failed: 1, replied: 1 }),
    WITHIN_MS,
  );
  live = await reportsNow();

  const history = historySources();
  try {
    result = await rebuildReadModels({
      db: t.system.analytics.deps.db,
      logger: createLogger('e2e-rebuild', process.env.LOG_LEVEL ?? 'silent'),
      sources: history.sources,
    });
  } finally {
    history.close();
  }
  rebuilt = await reportsNow();
});

const stats = (s: any) => ({ count: s.count });
/** A duration both sides measured, within this: the services store times to the millisecond, events carry the publisher's clock. */
const DURATION_SLACK_SECONDS = 2;
function expectSameDurations(rebuiltStats: any, liveStats: any) {
  expect(rebuiltStats.count).toBe(liveStats.count);
  for (const field of ['average', 'median', 'p90'] as const) {
    if (liveStats[field] === null) expect(rebuiltStats[field]).toBeNull();
    else expect(Math.abs(rebuiltStats[field] - liveStats[field])).toBeLessThanOrEqual(DURATION_SLACK_SECONDS);
  }
}

describe(`the rebuild of the read models from history (${MODE})`, () => {
  it('read every source to its end and applied the history', () => {
    expect(result.events).toBeGreaterThan(0);
    expect(result.skipped).toBe(0);
    expect(result.pages.directory).toBeGreaterThanOrEqual(1);
    expect(result.pages.inbox).toBeGreaterThanOrEqual(1);
    expect(result.pages.campaigns).toBeGreaterThanOrEqual(1);
  });

  it('overview: the counts are exact, the durations equal to within the clocks', () => {
    const [before, after] = [live.overview, rebuilt.overview];
    expect({
      conversations: after.current.conversations,
      messages: after.current.messages,
      firstResponse: stats(after.current.firstResponse),
      resolution: stats(after.current.resolution),
      bot: after.current.bot,
      campaigns: after.current.campaigns,
    }).toEqual({
      conversations: before.current.conversations,
      messages: before.current.messages,
      firstResponse: stats(before.current.firstResponse),
      resolution: stats(before.current.resolution),
      bot: before.current.bot,
      campaigns: before.current.campaigns,
    });
    expect(after.series).toEqual(before.series);
    expect(after.previousTotals).toEqual(before.previousTotals);
    expectSameDurations(after.current.firstResponse, before.current.firstResponse);
    expectSameDurations(after.current.resolution, before.current.resolution);
  });

  it('conversations: volume, breakdowns, heatmap and reopen rate are exact', () => {
    const [before, after] = [live.conversations, rebuilt.conversations];
    for (const field of [
      'volume',
      'byOrigin',
      'byTeam',
      'byFinalStatus',
      'byCategory',
      'heatmap',
      'reopenRate',
    ])
      expect({ [field]: after[field] }).toEqual({ [field]: before[field] });
    expectSameDurations(after.firstResponse, before.firstResponse);
    expectSameDurations(after.resolution, before.resolution);
  });

  it('agents: assignments, replies, resolutions and the counts of their measures are exact', () => {
    const pick = (body: any) =>
      Object.fromEntries(
        body.agents.map((a: any) => [
          a.userId,
          {
            name: a.name,
            currentStatus: a.currentStatus,
            assigned: a.assigned,
            handled: a.handled,
            resolved: a.resolved,
            messagesSent: a.messagesSent,
            firstResponse: stats(a.firstResponse),
            handleTime: stats(a.handleTime),
          },
        ]),
      );
    expect(pick(rebuilt.agents)).toEqual(pick(live.agents));
    const mine = (body: any) => body.agents.find((a: any) => a.userId === agent.id);
    expectSameDurations(mine(rebuilt.agents).firstResponse, mine(live.agents).firstResponse);
    expectSameDurations(mine(rebuilt.agents).handleTime, mine(live.agents).handleTime);
    // Approximated: time in each status (the directory keeps the current status, not its changes).
    expect(Object.keys(mine(rebuilt.agents).timeInStatus)).toEqual(
      expect.arrayContaining([mine(live.agents).currentStatus]),
    );
  });

  it('bot: the cohort and its outcome are exact; reasons and intents are approximated', () => {
    const [before, after] = [live.bot, rebuilt.bot];
    const exact = (b: any) => ({
      handled: b.handled,
      contained: b.contained,
      handedOff: b.handedOff,
      containmentRate: b.containmentRate,
      // The bot's fallbacks are recognized by the organization's fallback text.
      fallbackRate: b.fallbackRate,
      categories: b.categories,
    });
    expect(exact(after)).toEqual(exact(before));
    // Approximated (a handoff's reason is not stored): the handoffs add up to the same number.
    const sum = (rows: any[]) => rows.reduce((n, r) => n + r.count, 0);
    expect(sum(after.handoffsByReason)).toBe(sum(before.handoffsByReason));
  });

  it('campaigns: the funnel, failure codes and costs are exact', () => {
    const [before, after] = [live.campaigns, rebuilt.campaigns];
    expect(after.campaigns.map((c: any) => c.campaignId)).toEqual([campaignId]);
    // The creation's time: the stored row's against the event's clock (milliseconds apart).
    const withoutCreatedAt = (rows: any[]) => rows.map(({ createdAt: _, ...row }) => row);
    expect(withoutCreatedAt(after.campaigns)).toEqual(withoutCreatedAt(before.campaigns));
    const createdAt = (body: any) => Date.parse(body.campaigns[0].createdAt) / 1000;
    expect(Math.abs(createdAt(after) - createdAt(before))).toBeLessThanOrEqual(DURATION_SLACK_SECONDS);
    expect(after.totals).toEqual(before.totals);
    expect(after.failureCodes).toEqual(before.failureCodes);
  });

  it('traffic after the rebuild is applied live on top of the rebuilt figures', async () => {
    const waId = '5215550202003';
    await says(waId, 'Hola otra vez');
    await waitForReport(
      t.api,
      t.admin,
      'overview',
      { timezone: TIMEZONE },
      (b) =>
        expect(b.current).toMatchObject({
          conversations: { new: rebuilt.overview.current.conversations.new + 1 },
          messages: { in: rebuilt.overview.current.messages.in + 1 },
        }),
      WITHIN_MS,
    );
  });
});
