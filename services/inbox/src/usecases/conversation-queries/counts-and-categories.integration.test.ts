import { sql } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { queryRows, type DomainError } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { organizations } from '../../testing/conversation-test-kit';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import type { InboxDeps } from '../../deps';
import { conversationQueryHandlers } from '../../grpc/conversation-queries.handlers';
import { ago, filterOf, makeMessage, NOW, openQueryTestbed } from '../../testing/conversation-builders';
import type { ConversationFilterInput } from './conversation-filter';

const DAY = 24 * 60;

const tb = openForTestFile(openQueryTestbed);
const org = organizations(tb, 300, () => ({ lastMessageAt: ago(1) }));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as DomainError,
  );

const categoriesOf = async (orgId: number) =>
  (
    await queryRows<{ category: string | null }>(
      tb.deps.db,
      sql`select category from inbox.conversations where org_id = ${orgId} order by id`,
    )
  ).map((r) => r.category);

describe('conversation counts', () => {
  it('counts every sub-filter in one answer, under the same filters as the list', async () => {
    const { make, agent } = org();
    const waiting = { lastMessageDirection: 'inbound', lastCustomerMessageAt: ago(10) };
    await make({ ...waiting, unreadCount: 3, category: 'billing' });
    await make({ ...waiting, category: 'billing' });
    await make({ lastMessageDirection: 'inbound', lastCustomerMessageAt: ago(DAY + 1), category: 'billing' });
    await make({ lastMessageDirection: 'outbound', unreadCount: 1, category: 'sales', status: 'CLOSED' });
    const renata = await make({
      lastMessageDirection: 'outbound',
      contact: { name: 'Renata' },
      category: 'sales',
    });
    await makeMessage(tb.deps.db, renata, { text: 'refund please' });
    const count = (filter: ConversationFilterInput) => tb.api.CountConversations(filterOf(filter), agent);
    expect(await count({})).toEqual({ all: 5, unread: 2, needsAction: 3, needsActionWindowOpen: 2 });
    expect(await count({ category: 'billing' })).toEqual({
      all: 3,
      unread: 1,
      needsAction: 3,
      needsActionWindowOpen: 2,
    });
    expect(await count({ status: 'CLOSED' })).toEqual({
      all: 1,
      unread: 1,
      needsAction: 0,
      needsActionWindowOpen: 0,
    });
    expect(await count({ search: 'renata' })).toMatchObject({ all: 1 });
    expect(await count({ search: 'refund', searchInMessages: true })).toMatchObject({ all: 1 });
    // A sub-filter does not narrow the counts: they are the numbers on the sub-filter tabs.
    expect(await count({ subFilter: 'unread' })).toMatchObject({ all: 5, unread: 2 });
    expect(await failure(count({ windowExpiresWithin: -5 }))).toMatchObject({
      fields: [{ path: 'windowExpiresWithin' }],
    });
    // Each count agrees with the list under the same sub-filter.
    for (const [subFilter, expected] of [
      ['unread', 2],
      ['needs_action', 3],
      ['needs_action_window_open', 2],
    ] as const) {
      const page = await tb.api.ListConversations(
        { filter: filterOf({ subFilter }), limit: 0, sort: '' },
        agent,
      );
      expect({ subFilter, n: page.data.length }).toEqual({ subFilter, n: expected });
    }
  });

  it('counts nothing of another organization', async () => {
    const mine = org();
    const theirs = org();
    await theirs.make({ unreadCount: 1, lastMessageDirection: 'inbound', lastCustomerMessageAt: ago(1) });
    expect(await tb.api.CountConversations(filterOf(), mine.agent)).toEqual({
      all: 0,
      unread: 0,
      needsAction: 0,
      needsActionWindowOpen: 0,
    });
  });
});

describe('categories', () => {
  it('lists the distinct categories in use, sorted, without blanks or other organizations’ ones', async () => {
    const { make, agent } = org();
    for (const category of ['sales', 'Billing', 'billing', 'sales', null, 'Account', 'Ébano', 'zona'])
      await make({ category, status: 'CLOSED' });
    await org().make({ category: 'secret-other-org' });
    expect(await tb.api.ListCategories({}, agent)).toEqual({
      data: ['Account', 'Billing', 'billing', 'Ébano', 'sales', 'zona'],
    });
  });

  it('counts conversations per raw category, for Admins only', async () => {
    const { make, admin, agent } = org();
    for (const category of ['sales', 'billing ', 'billing', 'sales', null])
      await make({ category, status: 'CLOSED' });
    await org().make({ category: 'sales' });
    expect(await tb.api.CountCategories({}, admin)).toEqual({
      data: [
        { category: 'billing', count: 1 },
        { category: 'billing ', count: 1 },
        { category: 'sales', count: 2 },
      ],
    });
    expect(await failure(tb.api.CountCategories({}, agent))).toMatchObject({ kind: 'forbidden' });
  });
});

describe('merging categories', () => {
  it('moves every conversation of the sources to the target and records one event each, in this organization only', async () => {
    const { orgId, make, admin } = org();
    const theirs = org();
    const rows: ConversationRow[] = [];
    for (const category of ['Billing', 'billing ', 'payments', 'sales', null, 'billing'])
      rows.push(await make({ category, status: 'CLOSED' }));
    await theirs.make({ category: 'Billing' });
    const before = (await tb.recordedEvents()).length;
    const result = await tb.api.MergeCategories(
      { sources: ['Billing', 'billing ', 'payments', 'billing'], target: ' billing ' },
      admin,
    );
    expect(result).toEqual({ updated: 3, target: 'billing' });
    expect(await categoriesOf(orgId)).toEqual(['billing', 'billing', 'billing', 'sales', null, 'billing']);
    expect(await categoriesOf(theirs.orgId)).toEqual(['Billing']);
    const events = (await tb.recordedEvents()).slice(before);
    expect(events).toHaveLength(3);
    expect(events.map((e) => e.data)).toEqual(
      expect.arrayContaining(
        [0, 1, 2].map((i) =>
          expect.objectContaining({
            conversationId: rows[i].id,
            waId: rows[i].waId,
            category: 'billing',
            previous: rows[i].category,
            source: 'merge',
            actorId: admin.userId,
          }),
        ),
      ),
    );
    expect(events.every((e) => e.type === INBOX_EVENTS.conversationCategorized && e.orgId === orgId)).toBe(
      true,
    );
    const updated = await tb.api.ListConversations(
      { filter: filterOf({ category: 'billing' }), limit: 0, sort: '' },
      admin,
    );
    expect(updated.data.map((c) => c.updatedAt)).toEqual(expect.arrayContaining([NOW.toISOString()]));
  });

  it('changes nothing when recording an event fails: one transaction', async () => {
    const { orgId, make, admin } = org();
    for (const category of ['a', 'b', 'c']) await make({ category });
    let calls = 0;
    const failing: InboxDeps = {
      ...tb.deps,
      events: {
        ...tb.deps.events,
        record: async (...args) => {
          if (++calls === 2) throw new Error('outbox unavailable');
          return tb.deps.events.record(...args);
        },
      },
    };
    const before = (await tb.recordedEvents()).length;
    await expect(
      conversationQueryHandlers(failing).MergeCategories({ sources: ['a', 'b'], target: 'c' }, admin),
    ).rejects.toThrow('outbox unavailable');
    expect(await categoriesOf(orgId)).toEqual(['a', 'b', 'c']);
    expect((await tb.recordedEvents()).length).toBe(before);
  });

  it('refuses bad input before writing anything, and non-Admins', async () => {
    const { orgId, make, admin, agent } = org();
    await make({ category: 'a' });
    const refused: Array<[{ sources?: string[]; target?: string }, string]> = [
      [{ sources: [], target: 'x' }, 'sources'],
      [{ sources: Array.from({ length: 51 }, (_, i) => `c${i}`), target: 'x' }, 'sources'],
      [{ sources: ['a', ''], target: 'x' }, 'sources[1]'],
      [{ sources: ['a'], target: '   ' }, 'target'],
      [{ sources: ['a'], target: 'x'.repeat(201) }, 'target'],
    ];
    for (const [req, path] of refused)
      expect(await failure(tb.api.MergeCategories({ sources: [], target: '', ...req }, admin))).toMatchObject(
        {
          code: 'VALIDATION_FAILED',
          fields: expect.arrayContaining([expect.objectContaining({ path })]),
        },
      );
    expect(await failure(tb.api.MergeCategories({ sources: ['a'], target: 'b' }, agent))).toMatchObject({
      kind: 'forbidden',
    });
    expect(await categoriesOf(orgId)).toEqual(['a']);
    // Merging a category into itself changes nothing and records nothing.
    expect(await tb.api.MergeCategories({ sources: ['a'], target: 'a' }, admin)).toEqual({
      updated: 0,
      target: 'a',
    });
  });
});
