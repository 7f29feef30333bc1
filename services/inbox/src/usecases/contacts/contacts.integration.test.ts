import { and, eq, sql } from 'drizzle-orm';
import type { CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { contacts, conversations } from '../../db/schema';
import { contactHandlers } from '../../grpc/contacts.handlers';
import { createInboxTestbed } from '../../testing/testbed';
import { makeConversation } from '../../testing/conversation-builders';
import { eventsOf as recorded, failure } from '../../testing/conversation-test-kit';
import { getContact } from './get-contact';
import { listContacts, type ContactQuery } from './list-contacts';
import { updateContact } from './update-contact';

const tb = openForTestFile(createInboxTestbed);

let nextOrg = 9800;
let phone = 5215590000000;
function org() {
  const orgId = nextOrg++;
  const agent = tb.caller(orgId, 'AGENT');
  /** A contact whose updated_at is `micros` microseconds after a fixed instant (ties and sub-millisecond order matter). */
  const contact = async (values: Partial<typeof contacts.$inferInsert> = {}, micros = 0) => {
    const waId = values.waId ?? String(phone++);
    await tb.deps.db.insert(contacts).values({ orgId, profileName: 'Customer', ...values, waId });
    await tb.deps.db.execute(
      sql`update inbox.contacts set updated_at = '2026-01-01T00:00:00Z'::timestamptz + make_interval(secs => ${micros}::double precision / 1000000) where org_id = ${orgId} and wa_id = ${waId}`,
    );
    return waId;
  };
  return { orgId, agent, me: agent.userId!, contact };
}
const eventsOf = (orgId: number) => recorded(tb, orgId);
const waIds = async (caller: CallerContext, query: ContactQuery = {}) =>
  (await listContacts(tb.deps, caller, query)).data.map((c) => c.contact.waId);
const storedContact = async (orgId: number, waId: string) =>
  (
    await tb.deps.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
  )[0];

describe('contacts', () => {
  it('searches names, WhatsApp profile names, aliases and numbers, within the organization', async () => {
    const o = org();
    const ana = await o.contact({ name: 'Ana López', profileName: 'anita' });
    const pedro = await o.contact({ profileName: 'Pedro Páramo' });
    const vip = await o.contact({ alias: 'VIP Lucía', profileName: null });
    const number = await o.contact({ waId: '5215512345678' });
    const percent = await o.contact({ name: '100% algodón' });
    await org().contact({ name: 'Ana Other Org' });
    expect(await waIds(o.agent, { search: 'ana' })).toEqual([ana]);
    expect(await waIds(o.agent, { search: 'PEDRO' })).toEqual([pedro]);
    expect(await waIds(o.agent, { search: 'lucía' })).toEqual([vip]);
    expect(await waIds(o.agent, { search: '1234567' })).toEqual([number]);
    // LIKE wildcards in the search are plain characters.
    expect(await waIds(o.agent, { search: '0%' })).toEqual([percent]);
    expect(await waIds(o.agent, { search: '_' })).toEqual([]);
    expect(await waIds(o.agent, { search: '  ' })).toHaveLength(5);
  });

  it('pages by last update, newest first, without losing rows that differ by microseconds or tie', async () => {
    const o = org();
    const order = [
      await o.contact({}, 5),
      await o.contact({}, 4),
      await o.contact({}, 3), // these two tie…
      await o.contact({}, 3),
      await o.contact({}, 1), // …and these differ by less than a millisecond
      await o.contact({}, 0),
    ];
    const expected = [order[0], order[1], ...[order[2], order[3]].sort().reverse(), order[4], order[5]];
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listContacts(tb.deps, o.agent, { limit: 2, cursor });
      seen.push(...page.data.map((c) => c.contact.waId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
    expect(await waIds(o.agent)).toEqual(expected);
  });

  it.each<[string, ContactQuery]>([
    ['a limit over 100', { limit: 101 }],
    ['a negative limit', { limit: -1 }],
    ['a cursor it did not issue', { cursor: 'bm90LWEtY3Vyc29y' }],
    ['a search over 200 characters', { search: 'x'.repeat(201) }],
  ])('refuses %s with a 400', async (_label, query) => {
    expect(await failure(listContacts(tb.deps, org().agent, query))).toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
    });
  });

  it('shows the active conversation’s category, else the latest one’s', async () => {
    const o = org();
    const waId = await o.contact();
    const old = await makeConversation(tb.deps.db, {
      orgId: o.orgId,
      waId,
      status: 'CLOSED',
      category: 'billing',
      createdAt: new Date('2026-01-01'),
    });
    const latest = await makeConversation(tb.deps.db, {
      orgId: o.orgId,
      waId,
      status: 'CLOSED',
      category: 'sales',
      createdAt: new Date('2026-02-01'),
    });
    expect(await getContact(tb.deps, o.agent, waId)).toMatchObject({
      current: { conversationId: latest.id, category: 'sales' },
    });
    await tb.deps.db.update(conversations).set({ status: 'OPEN' }).where(eq(conversations.id, old.id));
    const api = contactHandlers(tb.deps);
    expect(await api.GetContact({ waId }, o.agent)).toMatchObject({
      waId,
      name: 'Customer',
      category: 'billing',
      lastConversationId: old.id,
      customFieldsJson: '{}',
    });
    expect(await failure(getContact(tb.deps, org().agent, waId))).toMatchObject({
      kind: 'not_found',
      message: 'Contact not found',
    });
  });

  it('updates the profile: null clears, custom fields are replaced whole', async () => {
    const o = org();
    const waId = await o.contact({ profileName: 'Pepe', customFields: { plan: 'gold', seats: 3 } });
    const updated = await updateContact(tb.deps, o.agent, waId, {
      name: ' José ',
      alias: 'VIP',
      notes: 'Prefers mornings',
      customFields: { plan: 'platinum', renewed: true, referrer: null },
    });
    expect(updated.contact).toMatchObject({
      name: 'José',
      alias: 'VIP',
      notes: 'Prefers mornings',
      customFields: { plan: 'platinum', renewed: true, referrer: null },
    });
    const api = contactHandlers(tb.deps);
    const cleared = await api.UpdateContact({ waId, clear: ['name', 'notes'], alias: '' }, o.agent);
    expect(cleared).toMatchObject({ waId, name: 'Pepe' }); // the WhatsApp profile name shows again
    expect(cleared.alias).toBeUndefined();
    expect(cleared.notes).toBeUndefined();
    expect((await eventsOf(o.orgId)).map((e) => [e.type, e.data.changes])).toEqual([
      ['contact.updated', ['name', 'alias', 'notes', 'customFields']],
      ['contact.updated', ['name', 'alias', 'notes']],
    ]);
  });

  it('applies a category to the contact’s active conversation only', async () => {
    const o = org();
    const waId = await o.contact();
    const closed = await makeConversation(tb.deps.db, {
      orgId: o.orgId,
      waId,
      status: 'CLOSED',
      category: 'sales',
    });
    const active = await makeConversation(tb.deps.db, {
      orgId: o.orgId,
      waId,
      status: 'HUMAN_HANDLING',
      category: 'sales',
    });
    const view = await updateContact(tb.deps, o.agent, waId, { category: 'billing' });
    expect(view.current).toMatchObject({ conversationId: active.id, category: 'billing' });
    const categories = await tb.deps.db
      .select({ id: conversations.id, category: conversations.category })
      .from(conversations)
      .where(eq(conversations.waId, waId));
    expect(Object.fromEntries(categories.map((c) => [c.id, c.category]))).toEqual({
      [closed.id]: 'sales',
      [active.id]: 'billing',
    });
    expect(await eventsOf(o.orgId)).toEqual([
      {
        type: 'conversation.categorized',
        data: {
          conversationId: active.id,
          waId,
          category: 'billing',
          previous: 'sales',
          source: 'contact',
          actorId: o.me,
        },
      },
      { type: 'contact.updated', data: { waId, changes: ['category'], actorId: o.me } },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an array', { customFields: ['a'] }, 'customFields'],
    ['a nested object', { customFields: { address: { city: 'CDMX' } } }, 'customFields.address'],
    [
      '51 fields',
      { customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) },
      'customFields',
    ],
    [
      'a 65-character field name',
      { customFields: { ['k'.repeat(65)]: 1 } },
      `customFields.${'k'.repeat(65)}`,
    ],
    ['a blank name', { name: ' ', alias: 'ok' }, 'name'],
    ['an empty update', {}, '(body)'],
  ])('refuses %s with a 400 and writes nothing', async (_label, update, path) => {
    const o = org();
    const waId = await o.contact({ customFields: { plan: 'gold' } });
    const before = await storedContact(o.orgId, waId);
    expect(await failure(updateContact(tb.deps, o.agent, waId, update))).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path }],
    });
    expect(await storedContact(o.orgId, waId)).toEqual(before);
    expect(await eventsOf(o.orgId)).toEqual([]);
  });

  it('accepts exactly 50 fields with 64-character names, and refuses custom fields that are not JSON', async () => {
    const o = org();
    const waId = await o.contact();
    const fifty = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`${i}`.padStart(64, 'k'), i % 2 === 0 ? 'x' : i]),
    );
    expect(
      (await updateContact(tb.deps, o.agent, waId, { customFields: fifty })).contact.customFields,
    ).toEqual(fifty);
    const api = contactHandlers(tb.deps);
    expect(
      await failure(api.UpdateContact({ waId, clear: [], customFieldsJson: '{nope' }, o.agent)),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 404 for another organization’s contact and leaves it alone', async () => {
    const theirs = org();
    const waId = await theirs.contact({ name: 'Theirs' });
    await makeConversation(tb.deps.db, { orgId: theirs.orgId, waId, status: 'OPEN', category: 'sales' });
    const mine = org();
    expect(
      await failure(updateContact(tb.deps, mine.agent, waId, { name: 'Mine', category: 'x' })),
    ).toMatchObject({ kind: 'not_found' });
    expect(await storedContact(theirs.orgId, waId)).toMatchObject({ name: 'Theirs' });
    expect(await getContact(tb.deps, theirs.agent, waId)).toMatchObject({ current: { category: 'sales' } });
  });
});
