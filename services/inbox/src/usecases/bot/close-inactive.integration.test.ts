import { DEFAULT_BOT_SETTINGS } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { botFixture } from '../../testing/bot-fixture';
import { makeConversation } from '../../testing/conversation-builders';
import { putBotSettings } from './bot-config';
import { closeInactiveBotConversations, startInactiveBotSweeper } from './close-inactive';

const bot = botFixture(9301);
const testbed = openForTestFile(bot.start);

const HOUR = 3600_000;
const silentFor = (hours: number) => new Date(Date.now() - hours * HOUR);

/** A conversation whose last message (either way) was `hours` ago. */
const conversation = (orgId: number, hours: number, status = 'BOT_HANDLING') =>
  makeConversation(testbed.deps.db, {
    orgId,
    status,
    createdAt: silentFor(hours + 1),
    lastMessageAt: silentFor(hours),
    lastCustomerMessageAt: silentFor(hours),
  });

const statusOf = async (id: string) => (await bot.conversation(id)).status;

describe('closing conversations the bot handled alone', () => {
  it('closes BOT_HANDLING conversations silent for the organization’s inactivityCloseHours, as contained', async () => {
    const daily = await bot.botOrg();
    const patient = await bot.botOrg({ settings: { inactivityCloseHours: 48 } });
    const stale = await conversation(daily.orgId, 25);
    const recent = await conversation(daily.orgId, 1);
    const withPeople = await conversation(daily.orgId, 30, 'OPEN');
    const withinTwoDays = await conversation(patient.orgId, 25);
    const pastTwoDays = await conversation(patient.orgId, 49);

    await closeInactiveBotConversations(testbed.deps);

    expect(await statusOf(stale.id)).toBe('CLOSED');
    expect(await statusOf(pastTwoDays.id)).toBe('CLOSED');
    expect(await statusOf(recent.id)).toBe('BOT_HANDLING');
    expect(await statusOf(withPeople.id)).toBe('OPEN');
    expect(await statusOf(withinTwoDays.id)).toBe('BOT_HANDLING');
    expect((await bot.conversation(stale.id)).closedAt).not.toBeNull();

    const events = async (type: string) => (await bot.eventsOf(daily.orgId, type)).map((e) => e.data);
    expect(await events('inbox.conversation.status_changed.v1')).toEqual([
      expect.objectContaining({
        conversationId: stale.id,
        from: 'BOT_HANDLING',
        to: 'CLOSED',
        by: 'bot',
        reason: 'bot_inactivity',
      }),
    ]);
    expect(await events('inbox.conversation.resolved.v1')).toEqual([
      expect.objectContaining({ conversationId: stale.id }),
    ]);
    expect(await events('inbox.bot.contained.v1')).toEqual([
      expect.objectContaining({ conversationId: stale.id, reason: 'inactivity' }),
    ]);

    // A second sweep finds nothing more to do.
    await closeInactiveBotConversations(testbed.deps);
    expect(await events('inbox.bot.contained.v1')).toHaveLength(1);
  });

  it('leaves the conversations of an organization whose bot is off', async () => {
    const org = await bot.botOrg();
    await putBotSettings(
      testbed.deps,
      org.admin,
      JSON.stringify({ ...DEFAULT_BOT_SETTINGS, enabled: false }),
    );
    const stale = await conversation(org.orgId, 30);
    await closeInactiveBotConversations(testbed.deps);
    expect(await statusOf(stale.id)).toBe('BOT_HANDLING');
  });

  it('runs on its own every interval until stopped', async () => {
    const org = await bot.botOrg();
    const stale = await conversation(org.orgId, 30);
    const sweeper = startInactiveBotSweeper(testbed.deps, 20);
    for (let i = 0; i < 100 && (await statusOf(stale.id)) !== 'CLOSED'; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await sweeper.stop();
    expect(await statusOf(stale.id)).toBe('CLOSED');
  });
});
