import { sql } from 'drizzle-orm';
import type { CallerContext, DomainError } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { organizations } from '../../testing/conversation-test-kit';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { encodeCursor } from '../../domain/conversation-cursor';
import { ago, filterOf, makeMessage, openQueryTestbed } from '../../testing/conversation-builders';
import type { ConversationFilterInput } from './conversation-filter';

const HOUR = 60;

const tb = openForTestFile(openQueryTestbed);
// A fresh organization per test: an admin lists, `make` puts conversations in it.
const org = organizations(tb, 100);

type ListRequest = { filter?: ConversationFilterInput; cursor?: string; limit?: number; sort?: string };
const list = (caller: CallerContext, { filter, ...req }: ListRequest = {}) =>
  tb.api.ListConversations({ limit: 0, sort: '', ...req, filter: filter ? filterOf(filter) : null }, caller);
const ids = async (caller: CallerContext, req: ListRequest = {}) =>
  (await list(caller, req)).data.map((c) => c.id);

/** Every page of a list, following nextCursor; `between` runs before each following page. */
async function allPages(caller: CallerContext, req: ListRequest, between?: () => Promise<unknown>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(caller, { ...req, cursor });
    seen.push(...page.data.map((c) => c.id!));
    cursor = page.nextCursor;
    if (cursor && between) await between();
  } while (cursor);
  return seen;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as DomainError,
  );

/** Six conversations whose orders differ per sort: ties, missing timestamps, created out of order. */
async function sortFixture() {
  const o = org();
  const a = await o.make({
    lastMessageAt: ago(HOUR),
    lastCustomerMessageAt: ago(3 * HOUR),
    createdAt: ago(10 * 24 * HOUR),
  });
  const b = await o.make({
    lastMessageAt: ago(2 * HOUR),
    lastCustomerMessageAt: ago(2 * HOUR),
    createdAt: ago(24 * HOUR),
  });
  const c = await o.make({ lastMessageAt: null, lastCustomerMessageAt: null, createdAt: ago(5 * 24 * HOUR) });
  const d = await o.make({
    lastMessageAt: ago(HOUR),
    lastCustomerMessageAt: ago(30 * HOUR),
    createdAt: ago(20 * 24 * HOUR),
  });
  const e = await o.make({
    lastMessageAt: ago(5 * HOUR),
    lastCustomerMessageAt: null,
    createdAt: ago(2 * 24 * HOUR),
  });
  const f = await o.make({ lastMessageAt: null, lastCustomerMessageAt: null, createdAt: ago(3 * 24 * HOUR) });
  return { ...o, a, b, c, d, e, f };
}

describe('listing conversations', () => {
  it('answers every sort in its order, missing timestamps last, ties by id, across pages of any size', async () => {
    const { admin: caller, a, b, c, d, e, f } = await sortFixture();
    // Ids are time-ordered: d was created after a, so d wins their tie on `newest` and loses it on `oldest`.
    const expected: Record<string, ConversationRow[]> = {
      newest: [d, a, b, e, f, c],
      oldest: [e, b, a, d, c, f],
      waiting_longest: [d, a, b, c, e, f],
      created_newest: [b, e, f, c, a, d],
      created_oldest: [d, a, c, f, e, b],
    };
    expect(await ids(caller)).toEqual(expected.newest.map((r) => r.id));
    for (const [sort, rows] of Object.entries(expected)) {
      const order = rows.map((r) => r.id);
      expect({ sort, ids: await ids(caller, { sort }) }).toEqual({ sort, ids: order });
      for (const limit of [1, 2, 3])
        expect({ sort, limit, ids: await allPages(caller, { sort, limit }) }).toEqual({
          sort,
          limit,
          ids: order,
        });
    }
  });

  it('answers the conversation with its contact, tags and window, and no cursor on the last page', async () => {
    const { admin: caller, make } = org();
    const tagIds = [tb.directory.addTag(caller.orgId), tb.directory.addTag(caller.orgId)];
    const row = await make({
      contact: { name: 'Ana López', alias: 'VIP' },
      lastMessageAt: ago(10),
      lastCustomerMessageAt: ago(10),
      status: 'CLOSED',
      category: 'billing',
      tagIds,
    });
    const page = await list(caller);
    expect(page.nextCursor).toBeUndefined();
    expect(page.data).toEqual([
      expect.objectContaining({
        id: row.id,
        status: 'CLOSED',
        category: 'billing',
        contact: { waId: row.waId, name: 'Ana López', alias: 'VIP' },
        tagIds,
        windowExpiresAt: new Date(ago(10).getTime() + 24 * 3_600_000).toISOString(),
      }),
    ]);
  });

  it('never shows another organization’s conversations', async () => {
    const mine = org();
    const theirs = org();
    const own = await mine.make({
      contact: { name: 'Shared Name' },
      category: 'sales',
      lastMessageAt: ago(5),
    });
    const other = await theirs.make({
      contact: { name: 'Shared Name' },
      category: 'sales',
      lastMessageAt: ago(1),
    });
    await makeMessage(tb.deps.db, other, { text: 'shared words' });
    for (const filter of [
      {},
      { category: 'sales' },
      { search: 'shared' },
      { search: 'shared', searchInMessages: true },
    ])
      expect(await ids(mine.admin, { filter })).toEqual([own.id]);
  });

  it('pages stay stable while new conversations arrive: no item shifts, repeats or goes missing', async () => {
    const { admin: caller, make } = org();
    const rows: ConversationRow[] = [];
    for (let i = 0; i < 8; i++) rows.push(await make({ lastMessageAt: ago(100 - i) }));
    let minute = 0;
    const arrive = async () => rows.push(await make({ lastMessageAt: ago(--minute) }));
    const byNewest = await allPages(caller, { limit: 3 }, arrive);
    expect(byNewest).toEqual(
      rows
        .slice(0, 8)
        .reverse()
        .map((r) => r.id),
    );
    // Oldest first: whatever arrives while paging comes after everything that was there, each once.
    const byOldest = await allPages(caller, { sort: 'oldest', limit: 3 }, arrive);
    expect(byOldest).toEqual(rows.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(11);
  });

  it('pages through timestamps a microsecond apart without skipping any', async () => {
    const { admin: caller, make } = org();
    const rows = [await make(), await make(), await make()];
    // Stored times carry microseconds; a millisecond cursor would lose rows between .123456 and .123457.
    for (const [i, row] of rows.entries())
      await tb.deps.db.execute(
        sql`update inbox.conversations set last_message_at = ${`2026-05-10T11:00:00.12345${i}Z`}::timestamptz where id = ${row.id}`,
      );
    expect(await allPages(caller, { limit: 1 })).toEqual([rows[2].id, rows[1].id, rows[0].id]);
    expect(await allPages(caller, { sort: 'oldest', limit: 1 })).toEqual(rows.map((r) => r.id));
  });
});

describe('cursor and paging input', () => {
  it('refuses a cursor that is garbage, tampered with or made for another sort', async () => {
    const { admin: caller, make } = org();
    await make();
    await make();
    const { nextCursor } = await list(caller, { limit: 1 });
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad: Array<[string, string]> = [
      ['not-a-cursor!', 'newest'],
      ['bm90IGpzb24', 'newest'],
      [forged(['newest']), 'newest'],
      [forged({ s: 'newest', k: '2026-02-30T10:00:00.000000Z', id: 'x' }), 'newest'],
      [forged({ s: 'newest', k: "2026-01-01'; drop table x; --", id: 'x' }), 'newest'],
      // created_* keys are never missing: a null key is not one this API made.
      [forged({ s: 'created_newest', k: null, id: 'x' }), 'created_newest'],
      [encodeCursor({ sort: 'newest', key: null, id: '' }), 'newest'],
    ];
    for (const [cursor, sort] of bad)
      expect(await failure(list(caller, { cursor, sort }))).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'cursor' }],
      });
    expect(await failure(list(caller, { cursor: nextCursor, sort: 'oldest' }))).toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'cursor', message: expect.stringContaining('another sort') }],
    });
  });

  it('defaults to 50 a page and refuses more than 100, an unknown sort or filter value', async () => {
    const { admin: caller, make } = org();
    for (let i = 0; i < 51; i++) await make({ lastMessageAt: ago(i) });
    const first = await list(caller);
    expect(first.data).toHaveLength(50);
    expect((await list(caller, { cursor: first.nextCursor })).data).toHaveLength(1);
    expect((await list(caller, { limit: 100 })).data).toHaveLength(51);
    const refused: Array<[ListRequest, string]> = [
      [{ limit: 101 }, 'limit'],
      [{ limit: -1 }, 'limit'],
      [{ sort: 'alphabetical' }, 'sort'],
      [{ filter: { status: 'RESOLVED' } }, 'status'],
      [{ filter: { subFilter: 'starred' } }, 'subFilter'],
      [{ filter: { windowExpiresWithin: 0 } }, 'windowExpiresWithin'],
      [{ filter: { windowExpiresWithin: 2.5 } }, 'windowExpiresWithin'],
      [{ filter: { tagIds: Array.from({ length: 21 }, (_, i) => `t${i}`) } }, 'tagIds'],
    ];
    for (const [req, path] of refused)
      expect(await failure(list(caller, req))).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path }],
      });
  });

  it('needs an organization in the caller', async () => {
    const anonymous: CallerContext = {
      orgId: 0,
      kind: 'ANONYMOUS',
      principalId: '',
      role: null,
      userId: null,
      requestId: 'r',
    };
    expect(await failure(list(anonymous))).toMatchObject({ kind: 'forbidden' });
  });
});
