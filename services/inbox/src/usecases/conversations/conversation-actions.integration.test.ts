import { newId, type CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { conversationActionHandlers } from '../../grpc/conversation-actions.handlers';
import { createInboxTestbed } from '../../testing/testbed';
import { assignConversation } from './assign-conversation';
import {
  eventsOf as recorded,
  failure,
  organizations,
  storedConversation,
} from '../../testing/conversation-test-kit';
import { reopenConversation } from './reopen-conversation';
import { resolveConversation } from './resolve-conversation';
import { returnConversationToBot } from './return-conversation-to-bot';
import { takeoverConversation } from './takeover-conversation';
import { unassignConversation } from './unassign-conversation';

const tb = openForTestFile(createInboxTestbed);

const org = organizations(tb, 7000);
const eventsOf = (orgId: number) => recorded(tb, orgId);
const typesOf = async (orgId: number) => (await eventsOf(orgId)).map((e) => e.type);
const stored = (id: string) => storedConversation(tb, id);

type Who = 'me' | 'colleague' | 'deleted' | null;
type Act = (caller: CallerContext, id: string, colleague: string) => Promise<unknown>;
const ACTIONS: Record<string, Act> = {
  takeover: (c, id) => takeoverConversation(tb.deps, c, id),
  assign: (c, id, colleague) => assignConversation(tb.deps, c, id, colleague),
  unassign: (c, id) => unassignConversation(tb.deps, c, id),
  return_to_bot: (c, id) => returnConversationToBot(tb.deps, c, id),
  resolve: (c, id) => resolveConversation(tb.deps, c, id),
  reopen: (c, id) => reopenConversation(tb.deps, c, id),
};

const S = 'conversation.status_changed';
// [action, from status, from assignee, to status, to assignee, events recorded]
const LEGAL: Array<[string, string, Who, string, Who, string[]]> = [
  [
    'takeover',
    'BOT_HANDLING',
    null,
    'HUMAN_HANDLING',
    'me',
    [S, 'conversation.handoff', 'conversation.assigned'],
  ],
  ['takeover', 'OPEN', null, 'HUMAN_HANDLING', 'me', [S, 'conversation.assigned']],
  ['takeover', 'WAITING_FOR_CUSTOMER', 'colleague', 'HUMAN_HANDLING', 'me', [S, 'conversation.assigned']],
  ['takeover', 'HUMAN_HANDLING', 'colleague', 'HUMAN_HANDLING', 'me', ['conversation.assigned']],
  [
    'assign',
    'BOT_HANDLING',
    null,
    'HUMAN_HANDLING',
    'colleague',
    [S, 'conversation.handoff', 'conversation.assigned'],
  ],
  ['assign', 'OPEN', null, 'HUMAN_HANDLING', 'colleague', [S, 'conversation.assigned']],
  ['assign', 'HUMAN_HANDLING', 'me', 'HUMAN_HANDLING', 'colleague', ['conversation.assigned']],
  ['assign', 'WAITING_FOR_CUSTOMER', 'me', 'WAITING_FOR_CUSTOMER', 'colleague', ['conversation.assigned']],
  ['assign', 'HUMAN_HANDLING', 'colleague', 'HUMAN_HANDLING', 'colleague', []],
  ['unassign', 'HUMAN_HANDLING', 'colleague', 'OPEN', null, [S, 'conversation.unassigned']],
  ['unassign', 'WAITING_FOR_CUSTOMER', 'me', 'OPEN', null, [S, 'conversation.unassigned']],
  ['unassign', 'OPEN', null, 'OPEN', null, []],
  ['unassign', 'BOT_HANDLING', null, 'BOT_HANDLING', null, []],
  [
    'return_to_bot',
    'HUMAN_HANDLING',
    'me',
    'BOT_HANDLING',
    null,
    [S, 'conversation.unassigned', 'conversation.returned_to_bot'],
  ],
  [
    'return_to_bot',
    'WAITING_FOR_CUSTOMER',
    'colleague',
    'BOT_HANDLING',
    null,
    [S, 'conversation.unassigned', 'conversation.returned_to_bot'],
  ],
  ['return_to_bot', 'OPEN', null, 'BOT_HANDLING', null, [S, 'conversation.returned_to_bot']],
  ['return_to_bot', 'BOT_HANDLING', null, 'BOT_HANDLING', null, []],
  ['resolve', 'BOT_HANDLING', null, 'CLOSED', null, [S, 'conversation.resolved']],
  ['resolve', 'OPEN', null, 'CLOSED', null, [S, 'conversation.resolved']],
  ['resolve', 'HUMAN_HANDLING', 'me', 'CLOSED', 'me', [S, 'conversation.resolved']],
  ['resolve', 'WAITING_FOR_CUSTOMER', 'colleague', 'CLOSED', 'colleague', [S, 'conversation.resolved']],
  ['reopen', 'CLOSED', 'colleague', 'HUMAN_HANDLING', 'colleague', [S]],
  ['reopen', 'CLOSED', null, 'OPEN', null, [S]],
  // The assignee was deleted meanwhile: the conversation goes back to the queue.
  ['reopen', 'CLOSED', 'deleted', 'OPEN', null, [S, 'conversation.unassigned']],
];

const ILLEGAL: Array<[string, string, Who]> = [
  ['takeover', 'CLOSED', 'me'],
  ['takeover', 'HUMAN_HANDLING', 'me'],
  ['assign', 'CLOSED', null],
  ['unassign', 'CLOSED', 'me'],
  ['return_to_bot', 'CLOSED', null],
  ['resolve', 'CLOSED', 'me'],
  ['reopen', 'OPEN', null],
  ['reopen', 'BOT_HANDLING', null],
  ['reopen', 'HUMAN_HANDLING', 'me'],
  ['reopen', 'WAITING_FOR_CUSTOMER', 'me'],
];

describe('conversation actions', () => {
  it.each(LEGAL)('%s: %s (%s) → %s (%s)', async (action, from, fromWho, to, toWho, events) => {
    const o = org();
    const who = (w: Who) =>
      w === 'me' ? o.me : w === 'colleague' ? o.colleague : w === 'deleted' ? newId() : null;
    const assignee = who(fromWho);
    const row = await o.make({
      status: from,
      assignedTo: assignee,
      closedAt: from === 'CLOSED' ? new Date() : null,
    });
    await ACTIONS[action](o.agent, row.id, o.colleague);
    const after = await stored(row.id);
    expect({ status: after.status, assignedTo: after.assignedTo }).toEqual({
      status: to,
      assignedTo: toWho === 'deleted' ? assignee : who(toWho),
    });
    expect(after.closedAt !== null).toBe(to === 'CLOSED');
    expect(await typesOf(o.orgId)).toEqual(events);
  });

  it.each(ILLEGAL)(
    '%s from %s is a 409 INVALID_TRANSITION that changes nothing',
    async (action, from, fromWho) => {
      const o = org();
      const row = await o.make({ status: from, assignedTo: fromWho === 'me' ? o.me : null });
      expect(await failure(ACTIONS[action](o.agent, row.id, o.colleague))).toMatchObject({
        kind: 'conflict',
        code: 'INVALID_TRANSITION',
      });
      expect(await stored(row.id)).toEqual(row);
      expect(await eventsOf(o.orgId)).toEqual([]);
    },
  );

  it('records who moved the conversation, why, and for which contact', async () => {
    const o = org();
    const row = await o.make({ status: 'BOT_HANDLING' });
    await takeoverConversation(tb.deps, o.agent, row.id);
    const ref = { conversationId: row.id, waId: row.waId, actorId: o.me };
    expect(await eventsOf(o.orgId)).toEqual([
      {
        type: S,
        data: { ...ref, from: 'BOT_HANDLING', to: 'HUMAN_HANDLING', by: 'agent', reason: 'takeover' },
      },
      // An agent's takeover is a handoff too (reason agent), to no routing rule.
      {
        type: 'conversation.handoff',
        data: { ...ref, userId: o.me, reason: 'agent', teamId: null, rule: null },
      },
      { type: 'conversation.assigned', data: { ...ref, userId: o.me, previousUserId: null } },
    ]);
  });

  it('answers with the conversation as the API shows it', async () => {
    const o = org();
    const row = await o.make({ status: 'OPEN', contact: { name: 'Ana', alias: 'VIP' } });
    const api = conversationActionHandlers(tb.deps);
    expect(await api.Takeover({ id: row.id }, o.agent)).toMatchObject({
      id: row.id,
      status: 'HUMAN_HANDLING',
      assignedTo: o.me,
      contact: { waId: row.waId, name: 'Ana', alias: 'VIP' },
      tagIds: [],
    });
    expect(await api.GetConversation({ id: row.id }, o.agent)).toMatchObject({ status: 'HUMAN_HANDLING' });
  });

  it('refuses a takeover by an API key without a user: a key cannot own a conversation', async () => {
    const o = org();
    const row = await o.make({ status: 'BOT_HANDLING' });
    const key: CallerContext = { ...o.agent, kind: 'API_KEY', principalId: newId(), userId: null };
    expect(await failure(takeoverConversation(tb.deps, key, row.id))).toMatchObject({
      kind: 'conflict',
      code: 'NO_USER',
    });
    expect(await stored(row.id)).toEqual(row);
  });

  it('assigns only active users of the same organization', async () => {
    const o = org();
    const row = await o.make({ status: 'OPEN' });
    const stranger = tb.directory.addUser(o.orgId + 100_000);
    for (const userId of [stranger, newId()])
      expect(await failure(assignConversation(tb.deps, o.agent, row.id, userId))).toMatchObject({
        kind: 'not_found',
        message: 'User not found',
      });
    expect(await stored(row.id)).toEqual(row);
  });

  it('keeps the handoff summary unless a new one is given, and drops a blank one', async () => {
    const o = org();
    const row = await o.make({
      status: 'HUMAN_HANDLING',
      assignedTo: o.me,
      handoffSummary: 'Wants a refund',
    });
    const back = await returnConversationToBot(tb.deps, o.agent, row.id);
    expect(back.row.handoffSummary).toBe('Wants a refund');
    await takeoverConversation(tb.deps, o.agent, row.id);
    const replaced = await returnConversationToBot(
      tb.deps,
      o.agent,
      row.id,
      '  Refund approved; confirm the address  ',
    );
    expect(replaced.row.handoffSummary).toBe('Refund approved; confirm the address');
    const returned = (await eventsOf(o.orgId)).filter((e) => e.type === 'conversation.returned_to_bot');
    expect(returned.map((e) => e.data.handoffSummary)).toEqual([
      'Wants a refund',
      'Refund approved; confirm the address',
    ]);
    await takeoverConversation(tb.deps, o.agent, row.id);
    expect((await returnConversationToBot(tb.deps, o.agent, row.id, '   ')).row.handoffSummary).toBeNull();
  });

  it('does not keep a summary given to a refused return-to-bot', async () => {
    const o = org();
    const row = await o.make({ status: 'CLOSED', handoffSummary: 'old' });
    await failure(returnConversationToBot(tb.deps, o.agent, row.id, 'new'));
    expect((await stored(row.id)).handoffSummary).toBe('old');
    expect(await eventsOf(o.orgId)).toEqual([]);
  });

  it('serializes concurrent takeovers: the last agent wins, and the events tell the same story', async () => {
    const o = org();
    const other = tb.caller(o.orgId, 'AGENT');
    const row = await o.make({ status: 'BOT_HANDLING' });
    await Promise.all([
      takeoverConversation(tb.deps, o.agent, row.id),
      takeoverConversation(tb.deps, other, row.id),
    ]);
    const after = await stored(row.id);
    const events = await eventsOf(o.orgId);
    const assigned = events.filter((e) => e.type === 'conversation.assigned').map((e) => e.data);
    expect(after.status).toBe('HUMAN_HANDLING');
    expect(events.filter((e) => e.type === S)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'conversation.handoff')).toHaveLength(1);
    expect(assigned).toHaveLength(2);
    // The outbox orders by transaction start, not commit: find the first takeover by its story.
    const first = assigned.find((a) => a.previousUserId === null);
    const second = assigned.find((a) => a !== first);
    expect(second?.previousUserId).toBe(first?.userId);
    expect(second?.userId).toBe(after.assignedTo);
  });

  it('reopens only when the contact has no other active conversation', async () => {
    const o = org();
    const old = await o.make({ status: 'CLOSED', closedAt: new Date() });
    const newer = await o.make({
      waId: old.waId,
      status: 'OPEN',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    expect(await failure(reopenConversation(tb.deps, o.agent, old.id))).toMatchObject({
      kind: 'conflict',
      code: 'NEWER_ACTIVE_CONVERSATION',
    });
    await resolveConversation(tb.deps, o.agent, newer.id);
    expect((await reopenConversation(tb.deps, o.agent, old.id)).row).toMatchObject({
      status: 'OPEN',
      closedAt: null,
    });
  });

  it('lets only one of two closed siblings be reopened at once', async () => {
    const o = org();
    const a = await o.make({ status: 'CLOSED', closedAt: new Date() });
    const b = await o.make({ waId: a.waId, status: 'CLOSED', closedAt: new Date() });
    const results = await Promise.allSettled([a, b].map((c) => reopenConversation(tb.deps, o.agent, c.id)));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ kind: 'conflict', code: 'NEWER_ACTIVE_CONVERSATION' });
    const statuses = [(await stored(a.id)).status, (await stored(b.id)).status].sort();
    expect(statuses).toEqual(['CLOSED', 'OPEN']);
  });

  it('answers 404 for another organization’s conversation, and leaves it alone', async () => {
    const mine = org();
    const theirs = org();
    const row = await theirs.make({ status: 'BOT_HANDLING' });
    for (const act of Object.values(ACTIONS))
      expect(await failure(act(mine.agent, row.id, mine.colleague))).toMatchObject({
        kind: 'not_found',
        message: 'Conversation not found',
      });
    expect(await stored(row.id)).toEqual(row);
    expect(await eventsOf(theirs.orgId)).toEqual([]);
    expect(await eventsOf(mine.orgId)).toEqual([]);
  });
});
