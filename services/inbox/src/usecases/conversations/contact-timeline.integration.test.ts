import { eq } from 'drizzle-orm';
import { conversations } from '../../db/schema';
import { conversationActionHandlers } from '../../grpc/conversation-actions.handlers';
import { openForTestFile } from '@inbox/platform/testing';
import { createInboxTestbed } from '../../testing/testbed';
import { makeMessage } from '../../testing/conversation-builders';
import { clearFollowUp } from './clear-follow-up';
import { failure, organizations, storedConversation } from '../../testing/conversation-test-kit';
import { getContactHistory } from './get-contact-history';
import { getReopenStatus } from './get-reopen-status';
import { getTimeline } from './get-timeline';
import { markConversationRead } from './mark-conversation-read';
import { setFollowUp } from './set-follow-up';

const NOW = new Date('2026-05-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

// The clock stands still at NOW for these tests.
const tb = openForTestFile(async () => {
  const testbed = await createInboxTestbed();
  return { ...testbed, deps: { ...testbed.deps, now: () => NOW } };
});

const org = organizations(tb, 9300);
const stored = (id: string) => storedConversation(tb, id);

describe('the contact’s conversations', () => {
  async function contactWithHistory() {
    const o = org();
    const first = await o.make({
      status: 'CLOSED',
      category: 'billing',
      createdAt: hoursAgo(300),
      lastMessageAt: hoursAgo(290),
      closedAt: hoursAgo(280),
    });
    const second = await o.make({
      waId: first.waId,
      status: 'CLOSED',
      category: 'billing',
      createdAt: hoursAgo(200),
      closedAt: hoursAgo(190),
    });
    const third = await o.make({
      waId: first.waId,
      status: 'CLOSED',
      category: 'sales',
      createdAt: hoursAgo(100),
      lastMessageAt: hoursAgo(99),
    });
    const current = await o.make({
      waId: first.waId,
      status: 'OPEN',
      category: 'support',
      createdAt: hoursAgo(10),
      lastCustomerMessageAt: hoursAgo(2),
    });
    await makeMessage(tb.deps.db, first);
    await makeMessage(tb.deps.db, first);
    await makeMessage(tb.deps.db, third);
    await makeMessage(tb.deps.db, current);
    return { ...o, first, second, third, current };
  }

  it('lists every conversation of the contact, newest first, marking the current one', async () => {
    const o = await contactWithHistory();
    await org().make({ waId: o.first.waId, status: 'OPEN' }); // the same number in another organization
    const timeline = await getTimeline(tb.deps, o.agent, o.third.id);
    expect(timeline.map((t) => [t.id, t.messageCount, t.current])).toEqual([
      [o.current.id, 1, false],
      [o.third.id, 1, true],
      [o.second.id, 0, false],
      [o.first.id, 2, false],
    ]);
    const api = conversationActionHandlers(tb.deps);
    expect((await api.GetTimeline({ id: o.current.id }, o.agent)).data[0]).toMatchObject({
      id: o.current.id,
      current: true,
      status: 'OPEN',
      category: 'support',
    });
  });

  it('adds up the OTHER conversations of the contact', async () => {
    const o = await contactWithHistory();
    const history = await getContactHistory(tb.deps, o.agent, o.current.id);
    expect(history).toMatchObject({
      waId: o.first.waId,
      conversationCount: 3,
      messageCount: 3,
      firstContactAt: hoursAgo(300),
      lastContactAt: hoursAgo(99),
      categories: [
        { category: 'billing', count: 2 },
        { category: 'sales', count: 1 },
      ],
    });
    expect(history.conversations.map((c) => c.id)).toEqual([o.third.id, o.second.id, o.first.id]);
    const lonely = await org().make();
    expect(await getContactHistory(tb.deps, tb.caller(lonely.orgId), lonely.id)).toMatchObject({
      conversationCount: 0,
      messageCount: 0,
      firstContactAt: null,
      lastContactAt: null,
      categories: [],
    });
  });

  it('tells whether a conversation can be reopened, and whether its reply window is open', async () => {
    const o = await contactWithHistory();
    expect(await getReopenStatus(tb.deps, o.agent, o.current.id)).toEqual({
      canReopen: false,
      reason: 'NOT_CLOSED',
      windowOpen: true,
      windowExpiresAt: new Date(hoursAgo(2).getTime() + 24 * 3_600_000),
    });
    expect(await getReopenStatus(tb.deps, o.agent, o.third.id)).toMatchObject({
      canReopen: false,
      reason: 'NEWER_ACTIVE_CONVERSATION',
      windowOpen: false,
    });
    await tb.deps.db
      .update(conversations)
      .set({ status: 'CLOSED' })
      .where(eq(conversations.id, o.current.id));
    expect(await getReopenStatus(tb.deps, o.agent, o.third.id)).toEqual({
      canReopen: true,
      reason: null,
      windowOpen: false,
      windowExpiresAt: null,
    });
  });

  it('answers 404 for another organization’s conversation', async () => {
    const o = await contactWithHistory();
    const stranger = tb.caller(org().orgId);
    for (const read of [
      getTimeline,
      getContactHistory,
      getReopenStatus,
      setFollowUp,
      clearFollowUp,
      markConversationRead,
    ])
      expect(await failure(read(tb.deps, stranger, o.current.id))).toMatchObject({
        kind: 'not_found',
        message: 'Conversation not found',
      });
    expect(await stored(o.current.id)).toEqual(o.current);
  });
});
