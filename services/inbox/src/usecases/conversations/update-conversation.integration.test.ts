import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { conversationActionHandlers } from '../../grpc/conversation-actions.handlers';
import { createInboxTestbed } from '../../testing/testbed';
import {
  eventsOf as recorded,
  failure,
  organizations,
  storedConversation,
} from '../../testing/conversation-test-kit';
import { updateConversation, type ConversationUpdate } from './update-conversation';

const tb = openForTestFile(createInboxTestbed);

const org = organizations(tb, 8000);
/** Conversation events named without the `conversation.` prefix. */
const eventsOf = async (orgId: number) =>
  (await recorded(tb, orgId)).map((e) => ({ ...e, type: e.type.replace(/^conversation\./, '') }));
const stored = (id: string) => storedConversation(tb, id);

type Who = 'me' | 'colleague' | null;
// [from status, from assignee, PATCH (assignedTo 'colleague' stands for the colleague's id), to status, to assignee, status-change reasons]
const MOVES: Array<
  [string, Who, { status?: string; assignedTo?: 'colleague' | null }, string, Who, string[]]
> = [
  ['OPEN', null, { status: 'CLOSED' }, 'CLOSED', null, ['resolve']],
  ['HUMAN_HANDLING', 'me', { status: 'BOT_HANDLING' }, 'BOT_HANDLING', null, ['return_to_bot']],
  ['BOT_HANDLING', null, { status: 'HUMAN_HANDLING' }, 'HUMAN_HANDLING', 'me', ['takeover']],
  [
    'OPEN',
    null,
    { status: 'HUMAN_HANDLING', assignedTo: 'colleague' },
    'HUMAN_HANDLING',
    'colleague',
    ['assign'],
  ],
  [
    'HUMAN_HANDLING',
    'me',
    { status: 'HUMAN_HANDLING', assignedTo: 'colleague' },
    'HUMAN_HANDLING',
    'colleague',
    [],
  ],
  ['CLOSED', null, { status: 'OPEN' }, 'OPEN', null, ['reopen']],
  ['CLOSED', 'colleague', { status: 'OPEN' }, 'HUMAN_HANDLING', 'colleague', ['reopen']],
  ['HUMAN_HANDLING', 'me', { status: 'OPEN' }, 'OPEN', null, ['unassign']],
  ['WAITING_FOR_CUSTOMER', 'me', { status: 'OPEN', assignedTo: null }, 'OPEN', null, ['unassign']],
  ['HUMAN_HANDLING', 'colleague', { status: 'HUMAN_HANDLING' }, 'HUMAN_HANDLING', 'colleague', []],
  ['OPEN', null, { assignedTo: 'colleague' }, 'HUMAN_HANDLING', 'colleague', ['assign']],
  ['HUMAN_HANDLING', 'me', { assignedTo: null }, 'OPEN', null, ['unassign']],
  ['OPEN', null, { status: 'CLOSED', assignedTo: 'colleague' }, 'CLOSED', 'colleague', ['assign', 'resolve']],
  ['CLOSED', 'me', { status: 'CLOSED' }, 'CLOSED', 'me', []],
];

const REFUSED: Array<[string, { status?: string; assignedTo?: null }]> = [
  ['BOT_HANDLING', { status: 'OPEN' }],
  ['HUMAN_HANDLING', { status: 'WAITING_FOR_CUSTOMER' }],
  ['OPEN', { status: 'WAITING_FOR_CUSTOMER' }],
  ['CLOSED', { status: 'BOT_HANDLING' }],
  ['CLOSED', { status: 'HUMAN_HANDLING' }],
  ['CLOSED', { assignedTo: null }],
];

describe('PATCH /conversations/{id}', () => {
  it.each(MOVES)('%s (%s) with %j → %s (%s)', async (from, fromWho, patch, to, toWho, reasons) => {
    const o = org();
    const who = (w: Who) => (w === 'me' ? o.me : w === 'colleague' ? o.colleague : null);
    const row = await o.make({ status: from, assignedTo: who(fromWho) });
    const update: ConversationUpdate = {
      ...patch,
      ...(patch.assignedTo !== undefined ? { assignedTo: patch.assignedTo && o.colleague } : {}),
    };
    const view = await updateConversation(tb.deps, o.agent, row.id, update);
    expect({ status: view.row.status, assignedTo: view.row.assignedTo }).toEqual({
      status: to,
      assignedTo: who(toWho),
    });
    const changes = (await eventsOf(o.orgId)).filter((e) => e.type === 'status_changed');
    expect(changes.map((e) => e.data.reason)).toEqual(reasons);
  });

  it.each(REFUSED)('from %s, %j is a 409 INVALID_TRANSITION', async (from, patch) => {
    const o = org();
    const row = await o.make({
      status: from,
      assignedTo: from === 'OPEN' || from === 'BOT_HANDLING' ? null : o.me,
    });
    expect(await failure(updateConversation(tb.deps, o.agent, row.id, patch))).toMatchObject({
      code: 'INVALID_TRANSITION',
    });
    expect(await stored(row.id)).toEqual(row);
  });

  it.each<[string, (colleague: string) => ConversationUpdate]>([
    ['an empty body', () => ({})],
    ['an unknown status', () => ({ status: 'DONE' })],
    ['a blank category', () => ({ category: '   ' })],
    ['a valid field next to an invalid one', () => ({ category: 'billing', status: 'DONE' })],
    ['a blank team id', () => ({ teamId: ' ' })],
    ['a summary over 4000 characters', () => ({ handoffSummary: 'x'.repeat(4001) })],
    ['HUMAN_HANDLING without an assignee', () => ({ status: 'HUMAN_HANDLING', assignedTo: null })],
    ['OPEN with an assignee', (colleague) => ({ status: 'OPEN', assignedTo: colleague })],
  ])('refuses %s with a 400 and writes nothing', async (_label, patch) => {
    const o = org();
    const row = await o.make({ status: 'OPEN', category: 'sales' });
    expect(await failure(updateConversation(tb.deps, o.agent, row.id, patch(o.colleague)))).toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: expect.any(String) })],
    });
    expect(await stored(row.id)).toEqual(row);
    expect(await eventsOf(o.orgId)).toEqual([]);
  });

  it('writes nothing when the status move is refused after valid fields', async () => {
    const o = org();
    const row = await o.make({ status: 'OPEN', category: 'sales' });
    await failure(
      updateConversation(tb.deps, o.agent, row.id, { category: 'billing', status: 'WAITING_FOR_CUSTOMER' }),
    );
    expect(await stored(row.id)).toEqual(row);
    expect(await eventsOf(o.orgId)).toEqual([]);
  });

  it('assigns only users of the organization (404)', async () => {
    const o = org();
    const row = await o.make({ status: 'OPEN' });
    const outsider = tb.directory.addUser(o.orgId + 100_000);
    expect(
      await failure(updateConversation(tb.deps, o.agent, row.id, { assignedTo: outsider })),
    ).toMatchObject({
      kind: 'not_found',
      message: 'User not found',
    });
    expect(await stored(row.id)).toEqual(row);
  });

  it('sets and clears the team, category and summary, with one event per kind of change', async () => {
    const o = org();
    const row = await o.make({ status: 'OPEN', category: 'sales' });
    const teamId = newId();
    const view = await updateConversation(tb.deps, o.agent, row.id, {
      teamId,
      category: ' billing ',
      handoffSummary: 'VIP',
    });
    expect(view.row).toMatchObject({ teamId, category: 'billing', handoffSummary: 'VIP', status: 'OPEN' });
    const ref = { conversationId: row.id, waId: row.waId, actorId: o.me };
    expect(await eventsOf(o.orgId)).toEqual([
      { type: 'categorized', data: { ...ref, category: 'billing', previous: 'sales', source: 'agent' } },
      { type: 'updated', data: { ...ref, changes: ['teamId', 'handoffSummary'], teamId } },
    ]);
    // The same values again change nothing and record nothing.
    await updateConversation(tb.deps, o.agent, row.id, { teamId, category: 'billing' });
    expect(await eventsOf(o.orgId)).toHaveLength(2);
    const cleared = await updateConversation(tb.deps, o.agent, row.id, {
      teamId: null,
      category: null,
      handoffSummary: null,
    });
    expect(cleared.row).toMatchObject({ teamId: null, category: null, handoffSummary: null });
  });

  it('reopens through PATCH only when the contact has no other active conversation', async () => {
    const o = org();
    const old = await o.make({ status: 'CLOSED' });
    await o.make({ waId: old.waId, status: 'BOT_HANDLING' });
    expect(await failure(updateConversation(tb.deps, o.agent, old.id, { status: 'OPEN' }))).toMatchObject({
      code: 'NEWER_ACTIVE_CONVERSATION',
    });
  });

  it('takes `clear` over gRPC in snake_case or camelCase, and refuses fields that cannot be cleared', async () => {
    const o = org();
    const row = await o.make({ status: 'OPEN', category: 'sales', teamId: newId() });
    const api = conversationActionHandlers(tb.deps);
    const answer = await api.UpdateConversation({ id: row.id, clear: ['team_id', 'category'] }, o.agent);
    expect(answer).toMatchObject({ id: row.id, status: 'OPEN' });
    expect(answer.teamId).toBeUndefined();
    expect(answer.category).toBeUndefined();
    expect(await failure(api.UpdateConversation({ id: row.id, clear: ['status'] }, o.agent))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers 404 for another organization’s conversation', async () => {
    const mine = org();
    const row = await org().make({ status: 'OPEN' });
    expect(await failure(updateConversation(tb.deps, mine.agent, row.id, { category: 'x' }))).toMatchObject({
      kind: 'not_found',
    });
    expect(await stored(row.id)).toEqual(row);
  });
});
