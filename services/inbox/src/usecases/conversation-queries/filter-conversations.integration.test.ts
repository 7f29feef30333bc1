import type { CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { organizations } from '../../testing/conversation-test-kit';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { ago, filterOf, makeMessage, openQueryTestbed } from '../../testing/conversation-builders';
import type { ConversationFilterInput } from './conversation-filter';

const DAY = 24 * 60;

const tb = openForTestFile(openQueryTestbed);
// Each new conversation is a minute older than the one before, so `newest` lists them in creation order.
const org = organizations(tb, 200, (made) => ({ lastMessageAt: ago(made + 1) }));

const listIds = async (caller: CallerContext, filter: ConversationFilterInput, extra = {}) =>
  (
    await tb.api.ListConversations({ filter: filterOf(filter), limit: 0, sort: '', ...extra }, caller)
  ).data.map((c) => c.id);

/** Each filter against the ids it must answer, newest first. */
async function expectFilters(
  caller: CallerContext,
  cases: Array<[ConversationFilterInput, ConversationRow[]]>,
) {
  for (const [filter, rows] of cases)
    expect({ filter, ids: await listIds(caller, filter) }).toEqual({ filter, ids: rows.map((r) => r.id) });
}

describe('conversation filters', () => {
  it('filters by status, assignee (a user, me, none), team, category, origin and follow-up', async () => {
    const { agent: caller, make } = org();
    const me = caller.userId!;
    const open = await make({ status: 'OPEN' });
    const mine = await make({
      status: 'HUMAN_HANDLING',
      assignedTo: me,
      teamId: 'team-a',
      category: 'billing',
      origin: 'CAMPAIGN',
      followUp: true,
      followUpNote: 'call back',
    });
    const theirs = await make({
      status: 'WAITING_FOR_CUSTOMER',
      assignedTo: 'user-2',
      teamId: 'team-b',
      category: 'sales',
    });
    const closed = await make({ status: 'CLOSED', assignedTo: me, teamId: 'team-a', category: 'billing' });
    await expectFilters(caller, [
      [{}, [open, mine, theirs, closed]],
      [{ status: 'CLOSED' }, [closed]],
      [{ status: 'OPEN' }, [open]],
      [{ assignedTo: 'user-2' }, [theirs]],
      [{ assignedTo: 'me' }, [mine, closed]],
      [{ assignedTo: 'none' }, [open]],
      [{ teamId: 'team-a' }, [mine, closed]],
      [{ category: 'billing' }, [mine, closed]],
      [{ origin: 'CAMPAIGN' }, [mine]],
      [{ followUp: true }, [mine]],
      [{ followUp: false }, [open, mine, theirs, closed]],
      [{ status: 'HUMAN_HANDLING', assignedTo: 'me', category: 'billing' }, [mine]],
      [{ category: 'nothing' }, []],
    ]);
  });

  it('windowExpiresWithin: still open and closing within N minutes; an expired window is not expiring', async () => {
    const { agent: caller, make } = org();
    const closesIn = (minutes: number) => make({ lastCustomerMessageAt: ago(DAY - minutes) });
    const in30 = await closesIn(30);
    const in60 = await closesIn(60);
    const in90 = await closesIn(90);
    await closesIn(0); // closes right now: already closed
    await closesIn(-1);
    await make({ lastCustomerMessageAt: null });
    await expectFilters(caller, [
      [{ windowExpiresWithin: 60 }, [in30, in60]],
      [{ windowExpiresWithin: 29 }, []],
      [{ windowExpiresWithin: 1440 }, [in30, in60, in90]],
      // Any positive integer: beyond the 24-hour window it means every open window.
      [{ windowExpiresWithin: 1441 }, [in30, in60, in90]],
      [{ windowExpiresWithin: 2 ** 31 - 1 }, [in30, in60, in90]],
    ]);
  });

  it('tagIds matches conversations carrying every listed tag', async () => {
    const { agent: caller, make, orgId } = org();
    const [vip, late, spam] = [
      tb.directory.addTag(orgId),
      tb.directory.addTag(orgId),
      tb.directory.addTag(orgId),
    ];
    const both = await make({ tagIds: [vip, late] });
    const vipOnly = await make({ tagIds: [vip] });
    const all = await make({ tagIds: [spam, late, vip] });
    const lateOnly = await make({ tagIds: [late] });
    const untagged = await make();
    await expectFilters(caller, [
      [{ tagIds: [vip] }, [both, vipOnly, all]],
      [{ tagIds: [vip, late] }, [both, all]],
      [{ tagIds: [vip, late, vip] }, [both, all]],
      [{ tagIds: [vip, spam, late] }, [all]],
      [{ tagIds: [] }, [both, vipOnly, all, lateOnly, untagged]],
    ]);
  });

  it('sub-filters: unread, needs action (the customer spoke last) and needs action with the window open', async () => {
    const { agent: caller, make } = org();
    const unreadWaiting = await make({
      unreadCount: 2,
      lastMessageDirection: 'inbound',
      lastCustomerMessageAt: ago(10),
    });
    const waitingWindowClosed = await make({
      lastMessageDirection: 'inbound',
      lastCustomerMessageAt: ago(DAY + 5),
    });
    const unreadAnswered = await make({
      unreadCount: 1,
      lastMessageDirection: 'outbound',
      lastCustomerMessageAt: ago(20),
    });
    const answered = await make({ lastMessageDirection: 'outbound', lastCustomerMessageAt: ago(30) });
    const empty = await make({ lastMessageAt: null });
    await expectFilters(caller, [
      [{}, [unreadWaiting, waitingWindowClosed, unreadAnswered, answered, empty]],
      [{ subFilter: 'unread' }, [unreadWaiting, unreadAnswered]],
      [{ subFilter: 'needs_action' }, [unreadWaiting, waitingWindowClosed]],
      [{ subFilter: 'needs_action_window_open' }, [unreadWaiting]],
      [
        { subFilter: 'needs_action', assignedTo: 'none', status: 'OPEN' },
        [unreadWaiting, waitingWindowClosed],
      ],
    ]);
  });
});

describe('search', () => {
  it('matches the contact’s name, profile name, alias or number, case-insensitively', async () => {
    const { agent: caller, make } = org();
    const maria = await make({ contact: { name: 'Maria Jose Perez', profileName: 'Mary' } });
    const mary = await make({ contact: { name: null, profileName: 'Mary Smith' } });
    const alias = await make({ contact: { alias: 'Big Client' } });
    const number = await make({ waId: '5215512345678' });
    const noContact = await make({ contact: null, waId: '5215599999999' });
    await expectFilters(caller, [
      [{ search: 'maria JOSE' }, [maria]],
      [{ search: '  mar ' }, [maria, mary]],
      [{ search: 'smith' }, [mary]],
      [{ search: 'big cli' }, [alias]],
      [{ search: '1234567' }, [number]],
      [{ search: '99999' }, []],
      [{ search: '' }, [maria, mary, alias, number, noContact]],
    ]);
  });

  it('treats %, _ and \\ in the term as plain characters', async () => {
    const { agent: caller, make } = org();
    const percent = await make({ contact: { alias: 'promo 50%_off' } });
    const decoy = await make({ contact: { alias: 'promo 50 pct off' } });
    const backslash = await make({ contact: { alias: 'path c:\\temp' } });
    const underscore = await make({ contact: { alias: 'snake_case' } });
    await make({ contact: { alias: 'snakeXcase' } });
    await expectFilters(caller, [
      [{ search: '50%_o' }, [percent]],
      [{ search: 'promo 50' }, [percent, decoy]],
      [{ search: '%' }, [percent]],
      [{ search: 'e_c' }, [underscore]],
      [{ search: ':\\' }, [backslash]],
      [{ search: "o'; --" }, []],
    ]);
  });

  it('searchInMessages also matches message text, still within the other filters', async () => {
    const { agent: caller, make } = org();
    const invoice = await make({ contact: { name: 'Pedro' } });
    await makeMessage(tb.deps.db, invoice, { text: 'Where is my INVOICE 2291?' });
    await makeMessage(tb.deps.db, invoice, { text: 'thanks' });
    const named = await make({ contact: { name: 'Invoice Department' }, status: 'CLOSED' });
    const other = await make({ contact: { name: 'Lucia' } });
    await makeMessage(tb.deps.db, other, { text: 'hello there', direction: 'outbound' });
    await expectFilters(caller, [
      [{ search: 'invoice' }, [named]],
      [{ search: 'invoice', searchInMessages: true }, [invoice, named]],
      [{ search: 'invoice', searchInMessages: true, status: 'OPEN' }, [invoice]],
      [{ search: 'hello', searchInMessages: true }, [other]],
      [{ search: 'pedro', searchInMessages: true }, [invoice]],
      [{ search: 'nowhere', searchInMessages: true }, []],
    ]);
    const firstPage = await tb.api.ListConversations(
      { filter: filterOf({ search: 'invoice', searchInMessages: true }), limit: 1, sort: '' },
      caller,
    );
    expect(firstPage.data.map((c) => c.id)).toEqual([invoice.id]);
    expect(
      await listIds(caller, { search: 'invoice', searchInMessages: true }, { cursor: firstPage.nextCursor }),
    ).toEqual([named.id]);
  });
});
