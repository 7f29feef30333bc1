import { newId, type CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { quickReplies } from '../../db/schema';
import { quickReplyHandlers } from '../../grpc/quick-replies.handlers';
import { createInboxTestbed } from '../../testing/testbed';
import { bulkQuickReplies, type BulkSelection } from './bulk-quick-replies';
import { createQuickReply } from './create-quick-reply';
import { deleteQuickReply } from './delete-quick-reply';
import { listQuickReplies } from './list-quick-replies';
import { removeQuickReplyMedia } from './remove-quick-reply-media';
import { updateQuickReply } from './update-quick-reply';

const testbed = openForTestFile(createInboxTestbed);

// Each test works in its own organization, so tests cannot see each other's rows.
let lastOrg = 3000;
const newOrg = () => ++lastOrg;

const makeReply = (
  caller: CallerContext,
  shortcut: string,
  extra: { text?: string; active?: boolean } = {},
) =>
  createQuickReply(testbed.deps, caller, {
    shortcut,
    label: `Label ${shortcut}`,
    text: extra.text ?? `Text of ${shortcut}`,
    active: extra.active,
  });
const shortcuts = async (caller: CallerContext, includeInactive = false) =>
  (await listQuickReplies(testbed.deps, caller, { includeInactive })).map((r) =>
    r.active ? r.shortcut : `${r.shortcut}(off)`,
  );
const bulk = (caller: CallerContext, selection: Partial<BulkSelection>) =>
  bulkQuickReplies(testbed.deps, caller, { action: 'delete', mode: 'ids', ids: [], ...selection });

const fails = (promise: Promise<unknown>, expected: Record<string, unknown>) =>
  expect(promise).rejects.toMatchObject(expected);
const NOT_FOUND = { kind: 'not_found', code: 'NOT_FOUND' };
const FORBIDDEN = { kind: 'forbidden', code: 'FORBIDDEN' };
const TAKEN = { kind: 'conflict', code: 'SHORTCUT_TAKEN' };

describe('quick replies', () => {
  it('creates, lists by shortcut ignoring case, updates and deletes', async () => {
    const admin = testbed.caller(newOrg());
    const greeting = await createQuickReply(testbed.deps, admin, {
      shortcut: ' /Greeting',
      label: ' Hello ',
      text: 'Hi, how can I help?',
    });
    expect(greeting).toMatchObject({
      shortcut: 'Greeting',
      label: 'Hello',
      text: 'Hi, how can I help?',
      active: true,
      mediaBlobKey: null,
    });
    await makeReply(admin, 'bye');
    await makeReply(admin, 'away');
    expect(await shortcuts(admin)).toEqual(['away', 'bye', 'Greeting']);

    const updated = await updateQuickReply(testbed.deps, admin, greeting.id, {
      shortcut: '/hello',
      text: 'Hello there!',
    });
    expect(updated).toMatchObject({
      id: greeting.id,
      shortcut: 'hello',
      label: 'Hello',
      text: 'Hello there!',
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(greeting.updatedAt.getTime());
    expect(await updateQuickReply(testbed.deps, admin, greeting.id, {})).toMatchObject({
      shortcut: 'hello',
      text: 'Hello there!',
    });

    await deleteQuickReply(testbed.deps, admin, greeting.id);
    expect(await shortcuts(admin)).toEqual(['away', 'bye']);
    await fails(deleteQuickReply(testbed.deps, admin, greeting.id), NOT_FOUND);
    await fails(updateQuickReply(testbed.deps, admin, greeting.id, { label: 'x' }), NOT_FOUND);
  });

  it('refuses bad fields, naming each one, and writes nothing', async () => {
    const admin = testbed.caller(newOrg());
    await fails(
      createQuickReply(testbed.deps, admin, { shortcut: 'two words', label: ' ', text: 'x'.repeat(4097) }),
      {
        kind: 'invalid',
        code: 'VALIDATION_FAILED',
        fields: [
          expect.objectContaining({ path: 'shortcut' }),
          expect.objectContaining({ path: 'label' }),
          expect.objectContaining({ path: 'text' }),
        ],
      },
    );
    expect(await shortcuts(admin, true)).toEqual([]);
    const reply = await makeReply(admin, 'ok');
    await fails(updateQuickReply(testbed.deps, admin, reply.id, { shortcut: 'renamed', text: '   ' }), {
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'text' })],
    });
    expect(await shortcuts(admin)).toEqual(['ok']);
  });

  it('keeps shortcuts unique per organization ignoring case, also when requests race', async () => {
    const admin = testbed.caller(newOrg());
    const greeting = await makeReply(admin, 'greeting');
    await fails(makeReply(admin, '/GREETING'), TAKEN);
    const other = await makeReply(admin, 'other');
    await fails(updateQuickReply(testbed.deps, admin, other.id, { shortcut: 'Greeting' }), TAKEN);
    expect(await updateQuickReply(testbed.deps, admin, greeting.id, { shortcut: 'Greeting' })).toMatchObject({
      shortcut: 'Greeting',
    });
    expect(await makeReply(testbed.caller(newOrg()), 'greeting')).toMatchObject({ shortcut: 'greeting' });

    const creates = await Promise.allSettled(
      ['promo', 'PROMO', '/Promo', 'promo', 'pRoMo'].map((s) => makeReply(admin, s)),
    );
    expect(creates.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of creates.filter((c) => c.status === 'rejected')) expect(r.reason).toMatchObject(TAKEN);

    const [a, b] = await Promise.all([makeReply(admin, 'a'), makeReply(admin, 'b')]);
    const renames = await Promise.allSettled(
      [a, b].map((r) => updateQuickReply(testbed.deps, admin, r.id, { shortcut: 'same' })),
    );
    expect(renames.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await shortcuts(admin)).filter((s) => s.toLowerCase() === 'same')).toHaveLength(1);
  });

  it('shows agents only the active quick replies and lets only Admins list all or change them', async () => {
    const orgId = newOrg();
    const admin = testbed.caller(orgId);
    const agent = testbed.caller(orgId, 'AGENT');
    const shown = await makeReply(admin, 'shown');
    const hidden = await makeReply(admin, 'hidden', { active: false });
    const paused = await makeReply(admin, 'paused');
    await updateQuickReply(testbed.deps, admin, paused.id, { active: false });
    expect(await shortcuts(agent)).toEqual(['shown']);
    expect(await shortcuts(admin, true)).toEqual(['hidden(off)', 'paused(off)', 'shown']);

    await fails(listQuickReplies(testbed.deps, agent, { includeInactive: true }), FORBIDDEN);
    await fails(makeReply(agent, 'mine'), FORBIDDEN);
    await fails(updateQuickReply(testbed.deps, agent, hidden.id, { active: true }), FORBIDDEN);
    await fails(deleteQuickReply(testbed.deps, agent, shown.id), FORBIDDEN);
    await fails(bulk(agent, { ids: [shown.id] }), FORBIDDEN);
    await fails(removeQuickReplyMedia(testbed.deps, agent, shown.id), FORBIDDEN);
    expect(await shortcuts(admin, true)).toEqual(['hidden(off)', 'paused(off)', 'shown']);
  });

  it('never shows or changes another organization’s quick replies', async () => {
    const owner = testbed.caller(newOrg());
    const stranger = testbed.caller(newOrg());
    const reply = await makeReply(owner, 'private');
    expect(await shortcuts(stranger, true)).toEqual([]);
    await fails(updateQuickReply(testbed.deps, stranger, reply.id, { text: 'stolen' }), NOT_FOUND);
    await fails(deleteQuickReply(testbed.deps, stranger, reply.id), NOT_FOUND);
    await fails(removeQuickReplyMedia(testbed.deps, stranger, reply.id), NOT_FOUND);
    expect(await bulk(stranger, { ids: [reply.id] })).toEqual({
      succeeded: [],
      failed: [{ id: reply.id, code: 'NOT_FOUND', message: expect.any(String) }],
    });
    expect(await bulk(stranger, { mode: 'all' })).toEqual({ succeeded: [], failed: [] });
    expect(await listQuickReplies(testbed.deps, owner, { includeInactive: true })).toEqual([
      expect.objectContaining({ id: reply.id, text: 'Text of private' }),
    ]);
  });

  it('applies bulk actions one quick reply at a time and reports each failure', async () => {
    const admin = testbed.caller(newOrg());
    const [a, b, c] = await Promise.all(['promo-a', 'promo-b', 'support'].map((s) => makeReply(admin, s)));
    const neighbour = testbed.caller(newOrg());
    const foreign = await makeReply(neighbour, 'promo-a');
    const unknown = newId();

    const off = await bulk(admin, { action: 'deactivate', ids: [a.id, unknown, b.id, foreign.id, a.id] });
    expect(off.succeeded).toEqual([a.id, b.id]);
    expect(off.failed).toEqual([
      { id: unknown, code: 'NOT_FOUND', message: expect.any(String) },
      { id: foreign.id, code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect(await shortcuts(admin, true)).toEqual(['promo-a(off)', 'promo-b(off)', 'support']);

    expect(await bulk(admin, { action: 'activate', mode: 'all', search: 'PROMO-B' })).toEqual({
      succeeded: [b.id],
      failed: [],
    });
    expect(await shortcuts(admin, true)).toEqual(['promo-a(off)', 'promo-b', 'support']);
    // `%` and `_` are literal characters in a search, not wildcards.
    expect(await bulk(admin, { action: 'delete', mode: 'all', search: '%' })).toEqual({
      succeeded: [],
      failed: [],
    });

    const removed = await bulk(admin, { action: 'delete', mode: 'all' });
    expect(removed.succeeded.sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await shortcuts(admin, true)).toEqual([]);
    expect(await shortcuts(neighbour, true)).toEqual(['promo-a']);
  });

  it('refuses malformed bulk requests before changing anything', async () => {
    const admin = testbed.caller(newOrg());
    const reply = await makeReply(admin, 'keep');
    const invalid = { kind: 'invalid', code: 'VALIDATION_FAILED' };
    await fails(bulk(admin, { action: 'archive', ids: [reply.id] }), {
      ...invalid,
      fields: [expect.objectContaining({ path: 'action' })],
    });
    await fails(bulk(admin, { ids: [] }), {
      ...invalid,
      fields: [expect.objectContaining({ path: 'selection.ids' })],
    });
    await fails(bulk(admin, { ids: Array.from({ length: 501 }, () => reply.id) }), invalid);
    await fails(bulk(admin, { mode: 'some', ids: [reply.id] }), {
      ...invalid,
      fields: [expect.objectContaining({ path: 'selection.mode' })],
    });
    expect(await shortcuts(admin)).toEqual(['keep']);
  });

  it('refuses a selection of more than 500 in mode all too, changing nothing', async () => {
    const admin = testbed.caller(newOrg());
    const rows = Array.from({ length: 501 }, (_, i) => ({
      id: newId(),
      orgId: admin.orgId,
      shortcut: `many-${i}`,
      label: `Many ${i}`,
      text: `Text ${i}`,
    }));
    await testbed.database.db.insert(quickReplies).values(rows);

    await fails(bulk(admin, { action: 'deactivate', mode: 'all' }), {
      kind: 'invalid',
      fields: [expect.objectContaining({ path: 'selection' })],
    });
    expect((await shortcuts(admin)).length).toBe(501);
    // 500 is allowed: narrowed by the search, the same selection goes through.
    const narrowed = await bulk(admin, { action: 'deactivate', mode: 'all', search: 'many-1' });
    expect(narrowed.succeeded).toHaveLength(111);
    expect((await shortcuts(admin)).length).toBe(390);
  });

  it('answers gRPC calls in the contract’s shape', async () => {
    const admin = testbed.caller(newOrg());
    const handlers = quickReplyHandlers(testbed.deps);
    const created = await handlers.CreateQuickReply(
      { shortcut: '/thanks', label: 'Thanks', text: 'Thank you!' },
      admin,
    );
    expect(created).toEqual({
      id: expect.any(String),
      shortcut: 'thanks',
      label: 'Thanks',
      text: 'Thank you!',
      active: true,
      media: undefined,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const updated = await handlers.UpdateQuickReply({ id: created.id!, active: false }, admin);
    expect(updated).toMatchObject({ active: false, text: 'Thank you!' });
    expect((await handlers.ListQuickReplies({ includeInactive: false }, admin)).data).toEqual([]);
    expect(
      await handlers.BulkQuickReplies({ action: 'delete', mode: 'ids', ids: [created.id!] }, admin),
    ).toEqual({ succeeded: [created.id], failed: [] });
  });
});
